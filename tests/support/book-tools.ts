// Debian's epubcheck and poppler-utils for the book tests (scripts/ensure-test-tools.mjs installs them as it does
// Chromium). Missing: the tests that need them skip with one line, unless CI=true or REQUIRE_BROWSER=1, where
// a missing tool fails loudly, as a missing browser does.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { findOnPath } from '../../scripts/ensure-test-tools.mjs';

const run = promisify(execFile);
export const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

const required = process.env.REQUIRE_BROWSER === '1' || process.env.CI === 'true';

/** null when the tool is here, else why not; with CI=true / REQUIRE_BROWSER=1 a missing tool throws. */
function present(what: string, missing: string | null): boolean {
  if (!missing) return true;
  const line = `${what}: ${missing}. Install it (Debian: apt-get install ${what}) or run scripts/ensure-test-tools.mjs.`;
  if (required) throw new Error(`REQUIRED (CI=true or REQUIRE_BROWSER=1) but missing: ${line}`);
  console.log(`SKIPPED tests that need ${line}`);
  return false;
}

const once = <T>(f: () => T) => {
  let value: { v: T } | undefined;
  return () => {
    if (!value) value = { v: f() };
    return value.v;
  };
};

export const hasEpubcheck = once(() =>
  present('epubcheck', !fs.existsSync(EPUBCHECK_JAR) ? `no ${EPUBCHECK_JAR}` : !findOnPath('java') ? 'no java on PATH' : null),
);

export const hasPoppler = once(() =>
  present('poppler-utils', findOnPath('pdfinfo') && findOnPath('pdftotext') ? null : 'no pdfinfo/pdftotext on PATH'),
);

export const hasLibreOffice = once(() => present('libreoffice-writer-nogui', findOnPath('soffice') ? null : 'no soffice on PATH'));

/**
 * Converts a document with Debian's LibreOffice, headless, in a profile of its own (so that it never meets another
 * one running), within `timeoutMs`: `to` is soffice's --convert-to ('pdf', 'docx:MS Word 2007 XML'). Returns the
 * converted file's path and everything LibreOffice printed.
 */
export async function libreOfficeConvert(file: string, to: string, timeoutMs = 120_000): Promise<{ file: string; output: string }> {
  const dir = fs.mkdtempSync(`${file}-lo-`);
  // A URL: a name with a space ("Our farm.docx") written as it is makes soffice abort.
  const profile = pathToFileURL(`${dir}/profile`).href;
  const { stdout, stderr } = await run(
    'soffice',
    [`-env:UserInstallation=${profile}`, '--headless', '--norestore', '--convert-to', to, '--outdir', dir, file],
    { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 << 20, env: { ...process.env, HOME: dir } },
  );
  const converted = `${dir}/${file.replace(/^.*\//, '').replace(/\.[^.]*$/, '')}.${to.replace(/:.*$/, '')}`;
  return { file: converted, output: `${stdout}${stderr}` };
}

/** A .docx to PDF with LibreOffice (libreOfficeConvert). */
export async function docxToPdf(file: string, timeoutMs = 120_000): Promise<{ pdf: string; output: string }> {
  const { file: pdf, output } = await libreOfficeConvert(file, 'pdf', timeoutMs);
  return { pdf, output };
}

export interface EpubcheckResult {
  fatals: number;
  errors: number;
  warnings: number;
  messages: string[];
}

/** Runs EPUBCheck on a file and returns its counts (from its JSON report) and its messages. */
export async function epubcheck(file: string): Promise<EpubcheckResult> {
  const report = `${file}.json`;
  // The debian jar is run with java: /usr/bin/epubcheck relies on binfmt_misc (jarwrapper), absent in containers.
  // A run of a few seconds: the quick compiler alone and the serial collector spend less CPU than the JVM's defaults
  // (C2's compiler threads and G1 pay off only in long runs).
  const jvm = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
  await run('java', [...jvm, '-jar', EPUBCHECK_JAR, file, '--json', report, '--quiet'], { maxBuffer: 16 << 20 }).catch(() => undefined);
  const json = JSON.parse(fs.readFileSync(report, 'utf8')) as {
    checker: { nFatal: number; nError: number; nWarning: number };
    messages: { severity: string; ID: string; message: string; locations: { path: string; line: number }[] }[];
  };
  return {
    fatals: json.checker.nFatal,
    errors: json.checker.nError,
    warnings: json.checker.nWarning,
    messages: json.messages.map((m) => `${m.severity} ${m.ID} ${m.message} at ${m.locations.map((l) => `${l.path}:${l.line}`).join(', ')}`),
  };
}

export async function pdfInfo(file: string): Promise<Record<string, string>> {
  const { stdout } = await run('pdfinfo', [file]);
  return Object.fromEntries(
    stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
  );
}

export async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 << 20 });
  return stdout;
}

/** The pictures in a PDF, one line each (pdfimages -list, header lines dropped). */
export async function pdfImages(file: string): Promise<{ page: number; width: number; height: number }[]> {
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .map((f) => ({ page: Number(f[0]), width: Number(f[3]), height: Number(f[4]) }));
}
