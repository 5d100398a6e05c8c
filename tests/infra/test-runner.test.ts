// `npm test` (scripts/test.mjs) on a machine without Chromium: the server tests run, the browser project is
// skipped with one loud line, and CI (REQUIRE_BROWSER=1, CI=true) fails instead. Run with `--dry-run`, a PATH
// of fakes and a CHROMIUM_PATH that names nothing; apt is never run (ensureTestTools' effects are fakes too).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensurePostgres, ensureTestTools } from '../../scripts/ensure-test-tools.mjs';

const root = path.resolve(__dirname, '../..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-test-runner-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function bin(name: string, script: string): string {
  const dir = fs.mkdtempSync(path.join(scratch, 'bin-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, `#!/bin/sh\n${script}\n`, { mode: 0o755 });
  return file;
}

/** A PG_BIN without PostgreSQL, and one with (a fake initdb). */
const noPostgres = path.join(scratch, 'no-such-postgres');
const fakePostgres = () => path.dirname(bin('initdb', 'exit 0'));

function runner(env: Record<string, string>, ...args: string[]) {
  const emptyPath = fs.mkdtempSync(path.join(scratch, 'path-'));
  const r = spawnSync(process.execPath, ['scripts/test.mjs', '--dry-run', ...args], {
    cwd: root,
    // Nothing of this machine's: no apt-get, sudo, docker-compose or Chromium.
    env: { PATH: emptyPath, HOME: scratch, CHROMIUM_PATH: path.join(scratch, 'no-such-chromium'), PG_BIN: noPostgres, ...env },
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout, err: r.stderr, lines: `${r.stdout}${r.stderr}`.trim().split('\n') };
}

describe('npm test without Chromium and without apt', () => {
  const missing = path.join(scratch, 'no-such-chromium');

  it('runs the server project only and says, in one line, why and how to run the browser tests', () => {
    const r = runner({});
    expect(r.status).toBe(0);
    expect(r.out).toContain('test: vitest run --project unit --project server --project client\n');
    const loud = r.lines.filter((l) => l.includes('Browser tests SKIPPED'));
    expect(loud).toEqual([
      `Browser tests SKIPPED: no Chromium at ${missing} and CHROMIUM_PATH names no executable file. ` +
        'Install Chromium (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH=/path/to/chromium-or-chrome to run them.',
    ]);
    expect(r.lines.filter((l) => l.includes('docker-compose checks SKIPPED'))).toEqual([
      'docker-compose checks SKIPPED: no docker-compose on PATH and apt-get is not available. ' +
        'Install docker-compose (Debian: apt-get install docker-compose) to run them.',
    ]);
    expect(r.lines.filter((l) => /^(EPUB|PDF|Word document) checks SKIPPED/.test(l))).toEqual([
      'EPUB checks SKIPPED: no epubcheck and apt-get is not available. Install epubcheck (Debian: apt-get install epubcheck) to run them.',
      'PDF checks SKIPPED: no poppler-utils and apt-get is not available. ' +
        'Install poppler-utils (Debian: apt-get install poppler-utils) to run them.',
      'Word document checks SKIPPED: no libreoffice-writer-nogui and apt-get is not available. ' +
        'Install libreoffice-writer-nogui (Debian: apt-get install libreoffice-writer-nogui) to run them.',
    ]);
  });

  it('passes vitest arguments on, and a --project of the caller replaces the choice', () => {
    expect(runner({}, 'tests/infra').out).toContain('test: vitest run --project unit --project server --project client tests/infra\n');
    expect(runner({}, '--project', 'e2e').out).toContain('test: vitest run --project e2e\n');
  });

  it('fails under REQUIRE_BROWSER=1 or CI=true, saying what is missing', () => {
    for (const [name, value] of [
      ['REQUIRE_BROWSER', '1'],
      ['CI', 'true'],
    ] as const) {
      const r = runner({ [name]: value });
      expect(r.status, name).toBe(1);
      expect(r.err).toContain(`Browser tests REQUIRED (${name}=${value}) but there is no Chromium at ${missing}`);
      expect(r.out).not.toContain('test: vitest');
    }
  });

  it('runs both projects, with the CHROMIUM_PATH given, when that Chromium exists', () => {
    const chromium = bin('chromium', 'exit 0');
    const r = runner({ CHROMIUM_PATH: chromium, REQUIRE_BROWSER: '1', PG_BIN: fakePostgres() });
    expect(r.status).toBe(0);
    expect(r.out).toContain('test: vitest run\n');
    expect(r.out).not.toContain('Browser tests SKIPPED');
  });
});

describe('npm test and PostgreSQL (the server-pg project)', () => {
  const chromium = () => bin('chromium', 'exit 0');

  it('skips server-pg with one line when there is no PostgreSQL, and runs it when there is', () => {
    const without = runner({ CHROMIUM_PATH: chromium() });
    expect(without.status).toBe(0);
    expect(without.out).toContain('test: vitest run --project unit --project server --project client --project e2e --project e2e-late\n');
    expect(without.lines.filter((l) => l.includes('PostgreSQL tests SKIPPED'))).toEqual([
      `PostgreSQL tests SKIPPED: no PostgreSQL and PG_BIN (${noPostgres}) holds no initdb. ` +
        'Install it (Debian: apt-get install postgresql) or set PG_BIN to the folder holding initdb and pg_ctl to run them.',
    ]);
    const noBrowser = runner({ PG_BIN: fakePostgres() });
    expect(noBrowser.out).toContain('test: vitest run --project unit --project server --project server-pg --project client\n');
    expect(noBrowser.out).not.toContain('PostgreSQL tests SKIPPED');
  });

  it('fails under REQUIRE_POSTGRES=1 or CI=true without PostgreSQL', () => {
    for (const [name, value] of [
      ['REQUIRE_POSTGRES', '1'],
      ['CI', 'true'],
    ] as const) {
      const r = runner({ CHROMIUM_PATH: chromium(), [name]: value });
      expect(r.status, name).toBe(1);
      expect(r.err).toContain(`PostgreSQL tests REQUIRED (${name}=${value}) but there is no PostgreSQL`);
      expect(r.out).not.toContain('test: vitest');
    }
  });

  it("installs Debian's postgresql with apt-get when no initdb is found (apt faked)", () => {
    const present = new Set(['/usr/bin/apt-get']);
    const ran: string[] = [];
    const result = ensurePostgres({
      env: { PATH: '/usr/bin' },
      isRoot: true,
      exists: (f) => present.has(f),
      log: () => undefined,
      run: (file, args) => {
        ran.push([file, ...args].join(' '));
        if (args.includes('install')) present.add('/usr/lib/postgresql/15/bin/initdb');
      },
    });
    expect(ran).toEqual(['/usr/bin/apt-get update -q', '/usr/bin/apt-get install -y -q --no-install-recommends postgresql']);
    expect(result).toEqual({ bin: '/usr/lib/postgresql/15/bin', postgres: null });
    const found = ensurePostgres({
      env: { PATH: '/usr/bin' },
      isRoot: true,
      exists: (f) => present.has(f),
      run: () => {
        throw new Error('apt must not run');
      },
    });
    expect(found.postgres).toBeNull();
  });
});

describe('ensureTestTools on Debian (apt faked)', () => {
  const debian = (files: string[], isRoot: boolean, fail: (args: string[]) => boolean = () => false) => {
    const present = new Set(files);
    const ran: string[] = [];
    const result = ensureTestTools({
      env: { PATH: '/usr/bin' },
      isRoot,
      exists: (f) => present.has(f),
      log: () => undefined,
      run: (file, args) => {
        ran.push([file, ...args].join(' '));
        if (fail(args)) throw new Error(`Command failed: exit 100\nE: Unable to locate package ${args.at(-1)}`);
        // A successful install puts the package's program where Debian does.
        const pkg = args.at(-1) ?? '';
        const program: Record<string, string> = {
          'poppler-utils': 'pdftotext',
          'libreoffice-writer-nogui': 'soffice',
          'libreoffice-writer': 'soffice',
        };
        if (args.includes('install')) present.add(`/usr/bin/${program[pkg] ?? pkg}`);
      },
    });
    return { result, ran };
  };

  it('installs what is missing with apt-get as root, one package at a time', () => {
    const { result, ran } = debian(['/usr/bin/apt-get'], true);
    expect(result).toEqual({
      chromium: '/usr/bin/chromium-headless-shell',
      browser: null,
      compose: null,
      epubcheck: null,
      poppler: null,
      libreoffice: null,
    });
    expect(ran).toEqual([
      '/usr/bin/apt-get update -q',
      '/usr/bin/apt-get install -y -q --no-install-recommends chromium-headless-shell',
      '/usr/bin/apt-get install -y -q --no-install-recommends docker-compose',
      '/usr/bin/apt-get install -y -q --no-install-recommends epubcheck',
      '/usr/bin/apt-get install -y -q --no-install-recommends poppler-utils',
      '/usr/bin/apt-get install -y -q --no-install-recommends libreoffice-writer-nogui',
    ]);
  });

  it('goes through sudo -n when not root, and says why when it has no sudo', () => {
    const withSudo = debian(
      ['/usr/bin/apt-get', '/usr/bin/sudo', '/usr/bin/docker-compose', '/usr/bin/epubcheck', '/usr/bin/pdftotext', '/usr/bin/soffice'],
      false,
    );
    expect(withSudo.ran).toEqual([
      '/usr/bin/sudo -n /usr/bin/apt-get update -q',
      '/usr/bin/sudo -n /usr/bin/apt-get install -y -q --no-install-recommends chromium-headless-shell',
    ]);
    expect(withSudo.result.browser).toBeNull();
    const noSudo = debian(['/usr/bin/apt-get'], false);
    expect(noSudo.ran).toEqual([]);
    expect(noSudo.result).toEqual({
      chromium: '/usr/bin/chromium-headless-shell',
      browser: 'not root and sudo is not available',
      compose: 'not root and sudo is not available',
      epubcheck: 'not root and sudo is not available',
      poppler: 'not root and sudo is not available',
      libreoffice: 'not root and sudo is not available',
    });
  });

  it('reports a failed install and still installs the other package', () => {
    const { result } = debian(['/usr/bin/apt-get'], true, (args) => args.includes('chromium-headless-shell'));
    expect(result.browser).toBe('apt-get install chromium-headless-shell failed (Command failed: exit 100)');
    expect(result.compose).toBeNull();
    expect(result.epubcheck).toBeNull();
    expect(result.poppler).toBeNull();
    expect(result.libreoffice).toBeNull();
  });

  it('installs LibreOffice from libreoffice-core and libreoffice-writer where there is no libreoffice-writer-nogui', () => {
    const { result, ran } = debian(
      ['/usr/bin/apt-get', '/usr/bin/chromium-headless-shell', '/usr/bin/docker-compose', '/usr/bin/epubcheck', '/usr/bin/pdftotext'],
      true,
      (args) => args.includes('libreoffice-writer-nogui'),
    );
    expect(ran.slice(1)).toEqual([
      '/usr/bin/apt-get install -y -q --no-install-recommends libreoffice-writer-nogui',
      '/usr/bin/apt-get install -y -q --no-install-recommends libreoffice-core libreoffice-writer',
    ]);
    expect(result.libreoffice).toBeNull();
  });

  it('does nothing when both are present', () => {
    const { result, ran } = debian(
      ['/usr/bin/chromium-headless-shell', '/usr/bin/docker-compose', '/usr/bin/epubcheck', '/usr/bin/pdftotext', '/usr/bin/soffice'],
      false,
    );
    expect(ran).toEqual([]);
    expect(result).toEqual({
      chromium: '/usr/bin/chromium-headless-shell',
      browser: null,
      compose: null,
      epubcheck: null,
      poppler: null,
      libreoffice: null,
    });
  });
});
