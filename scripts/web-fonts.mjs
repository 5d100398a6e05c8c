// The web fonts, cut to what the site uses (docs/decisions/0038-lighter-reader-pages.md): Inter and Literata from
// @fontsource-variable, each of its per-script files (latin, latin-ext, cyrillic, greek, vietnamese) subset with
// harfbuzz (subset-font) to the weights the styles use (400-700 of the wght axis) and the OpenType features they
// need, WOFF2, with the package's own unicode-range (latin-ext cut in two, below): a page in English loads the two
// latin files, and a story in another script loads that script's files only when a character of it is on the page.
// The files and their list (faces.js: family, address, unicode-range; client/src/lib/web-fonts.ts adds them) are
// written into client/src/styles/web-fonts/ (not in git) by a Vite plugin (vite.config.ts) before each build, again
// only when this script or the packages changed.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
export const WEB_FONTS_DIR = path.join(root, 'client/src/styles/web-fonts');

const FAMILIES = [
  { pkg: '@fontsource-variable/inter', file: 'inter' },
  { pkg: '@fontsource-variable/literata', file: 'literata' },
];
/** The lightest and boldest weights in client/src/styles (a bolder inside 700 stays at 700). */
export const WEIGHTS = { min: 400, max: 700 };
/**
 * The layout features text needs: kerning, ligatures, contextual forms, composed accents (ccmp, mark, mkmk),
 * local forms, and tabular figures (story.css, questions.css). Inter's stylistic sets and alternates go.
 */
const FEATURES = ['kern', 'liga', 'clig', 'calt', 'rlig', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'];

/** The code points of a unicode-range ("U+0000-00FF,U+0131,..."). */
function codePoints(range) {
  let text = '';
  for (const part of range.split(',')) {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from, 16);
    const end = to ? Number.parseInt(to, 16) : start;
    for (let c = start; c <= end; c++) if (c < 0xd800 || c > 0xdfff) text += String.fromCodePoint(c);
  }
  return text;
}

/** A unicode-range of a set of code points, in runs ("U+0100-017F,U+0218-021B"). */
function unicodeRange(points) {
  const sorted = [...points].sort((a, b) => a - b);
  const hex = (c) => c.toString(16).toUpperCase().padStart(4, '0');
  const runs = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(j > i ? `U+${hex(sorted[i])}-${hex(sorted[j])}` : `U+${hex(sorted[i])}`);
    i = j + 1;
  }
  return runs.join(',');
}

/**
 * The letters of Europe's Latin-script languages beyond Latin-1: Latin Extended-A (Polish, Czech, Hungarian,
 * Turkish, the Baltic languages, Croatian, Maltese, Welsh...) and Romanian's comma-below letters. The packages'
 * latin-ext file also holds Latin Extended-B, Extended Additional, IPA and more (54 KB of Inter); one "ł" in an
 * author's name would load all of it. Cut in two, such a page loads a 10-14 KB file instead, the rest when needed.
 */
const EUROPE = new Set([...codePoints('U+0100-017F,U+0218-021B')].map((c) => c.codePointAt(0)));

/** Splits the latin-ext face in two: Europe's letters (latin-ext-a) and the rest (latin-ext, declared first). */
function splitLatinExt(face) {
  if (face.name.replace(/^[a-z]+-/, '') !== 'latin-ext') return [face];
  const points = [...codePoints(face.unicodeRange)].map((c) => c.codePointAt(0));
  return [
    { ...face, unicodeRange: unicodeRange(points.filter((c) => !EUROPE.has(c))) },
    { ...face, name: `${face.name}-a`, unicodeRange: unicodeRange(points.filter((c) => EUROPE.has(c))) },
  ];
}

/** The package's @font-face rules for the upright wght files: [{ family, subset, file, unicodeRange }]. */
function faces(pkg) {
  const dir = path.join(root, 'node_modules', pkg);
  const css = fs.readFileSync(path.join(dir, 'wght.css'), 'utf8');
  return [...css.matchAll(/\/\* ([\w-]+) \*\/\s*@font-face \{([^}]*)\}/g)]
    .map(([, name, body]) => ({
      name: name.replace(/-wght-normal$/, ''),
      family: body.match(/font-family: '([^']+)'/)[1],
      source: path.join(dir, body.match(/url\(\.\/([^)]+)\)/)[1]),
      unicodeRange: body.match(/unicode-range: ([^;]+);/)[1].trim(),
    }))
    .flatMap(splitLatinExt);
}

function stamp() {
  const hash = crypto.createHash('sha256').update(fs.readFileSync(new URL(import.meta.url)));
  for (const { pkg } of FAMILIES) hash.update(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json')));
  hash.update(fs.readFileSync(path.join(root, 'node_modules/subset-font/package.json')));
  return hash.digest('hex');
}

/** Writes the subset files and their list (faces.js, for lib/web-fonts.ts) when they are missing or out of date. */
export async function writeWebFonts(outDir = WEB_FONTS_DIR) {
  const want = stamp();
  const stampFile = path.join(outDir, '.stamp');
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === want) return false;
  // Written aside, then moved in place: two builds at once (tests run in parallel) never read a half-written folder.
  const finalDir = outDir;
  outDir = `${finalDir}.tmp-${process.pid}`;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  const entries = [];
  for (const { pkg } of FAMILIES) {
    for (const face of faces(pkg)) {
      const out = await subsetFont(fs.readFileSync(face.source), codePoints(face.unicodeRange), {
        targetFormat: 'woff2',
        keepFeatures: FEATURES,
        variationAxes: { wght: { min: WEIGHTS.min, max: WEIGHTS.max, default: WEIGHTS.min } },
      });
      fs.writeFileSync(path.join(outDir, `${face.name}.woff2`), out);
      // `new URL(..., import.meta.url)`: Vite emits the file with a hashed name and writes its address here.
      entries.push(
        `  { family: '${face.family}', url: new URL('./${face.name}.woff2', import.meta.url).href, weight: '${WEIGHTS.min} ${WEIGHTS.max}', unicodeRange: '${face.unicodeRange}' },`,
      );
    }
  }
  fs.writeFileSync(
    path.join(outDir, 'faces.js'),
    [
      '// Made by scripts/web-fonts.mjs: do not edit. Subsets of @fontsource-variable/inter and /literata (OFL-1.1),',
      "// in the packages' order (where ranges overlap, a later face wins, as in CSS).",
      'export const WEB_FONT_FACES = [',
      ...entries,
      '];',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(outDir, '.stamp'), want);
  fs.rmSync(finalDir, { recursive: true, force: true });
  try {
    fs.renameSync(outDir, finalDir);
  } catch (err) {
    // Another build moved the same files in first.
    fs.rmSync(outDir, { recursive: true, force: true });
    if (!fs.existsSync(path.join(finalDir, '.stamp'))) throw err;
  }
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const t = Date.now();
  await writeWebFonts();
  for (const f of fs
    .readdirSync(WEB_FONTS_DIR)
    .filter((n) => n.endsWith('.woff2'))
    .sort())
    console.log(`${f} ${(fs.statSync(path.join(WEB_FONTS_DIR, f)).size / 1024).toFixed(1)} KB`);
  console.log(`in ${Date.now() - t} ms`);
}
