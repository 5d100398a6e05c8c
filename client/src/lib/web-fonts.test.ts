// The web fonts added in one step (lib/web-fonts.ts). Chromium's side (the files fetched, the text shown in them) is
// in tests/e2e/first-paint.e2e.test.ts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addWebFonts, charactersByFamily, facesNeeded, parseUnicodeRange, type WebFontFace } from './web-fonts';

const face = (family: string, name: string, unicodeRange: string): WebFontFace => ({
  family,
  url: `/assets/${name}.woff2`,
  weight: '400 700',
  unicodeRange,
});
const FACES = [
  face('Inter Variable', 'inter-greek', 'U+0370-03FF'),
  face('Inter Variable', 'inter-latin-ext-a', 'U+0100-017F,U+0218-021B'),
  face('Inter Variable', 'inter-latin', 'U+0000-00FF,U+2000-206F'),
  face('Literata Variable', 'literata-latin-ext-a', 'U+0100-017F,U+0218-021B'),
  face('Literata Variable', 'literata-latin', 'U+0000-00FF,U+2000-206F'),
];

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('parseUnicodeRange', () => {
  it('reads single code points and runs', () => {
    expect(parseUnicodeRange('U+0000-00FF, U+0131,u+2000-206F')).toEqual([
      [0, 0xff],
      [0x131, 0x131],
      [0x2000, 0x206f],
    ]);
  });
});

describe('which faces a page needs', () => {
  it('takes the characters each family shows, not the script, style or state the page carries', () => {
    document.body.innerHTML = `
      <header style="font-family: 'Inter Variable', 'Inter fallback Arial', sans-serif">By <b>Łucja</b></header>
      <article style="font-family: 'Literata Variable', 'Literata fallback Georgia', serif"><p>Mi niño — café</p></article>
      <script type="application/json">{"name":"Ωmega"}</script>
      <pre style="font-family: monospace">Ω</pre>`;
    const shown = charactersByFamily(document.body, ['Inter Variable', 'Literata Variable']);
    expect(shown.get('Inter Variable')!.has('Ł'.codePointAt(0)!)).toBe(true);
    expect(shown.get('Literata Variable')!.has('ñ'.codePointAt(0)!)).toBe(true);
    expect(shown.get('Literata Variable')!.has('Ł'.codePointAt(0)!)).toBe(false);
    for (const chars of shown.values()) expect(chars.has('Ω'.codePointAt(0)!)).toBe(false);
    // So: Inter's latin and Europe files, Literata's latin file; neither Greek nor Literata's Europe file.
    expect(facesNeeded(FACES, shown).map((f) => f.url)).toEqual([
      '/assets/inter-latin-ext-a.woff2',
      '/assets/inter-latin.woff2',
      '/assets/literata-latin.woff2',
    ]);
  });

  it("goes by the first of our families in an element's stack, not by the order they are asked in", () => {
    document.body.innerHTML = `<p style="font-family: 'Literata fallback Georgia', 'Inter Variable', 'Literata Variable'">Ą</p>`;
    const shown = charactersByFamily(document.body, ['Literata Variable', 'Inter Variable']);
    expect([...shown.get('Inter Variable')!]).toEqual(['Ą'.codePointAt(0)]);
    expect(shown.get('Literata Variable')!.size).toBe(0);
  });
});

describe('addWebFonts', () => {
  /** A FontFace whose load the test settles; the document's set records what was added and in what state. */
  function fakeFonts() {
    const loads = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
    class FakeFontFace {
      status = 'unloaded';
      constructor(
        readonly family: string,
        readonly source: string,
        readonly descriptors: FontFaceDescriptors,
      ) {}
      load() {
        this.status = 'loading';
        return new Promise<this>((resolve, reject) => {
          loads.set(this.source, {
            resolve: () => {
              this.status = 'loaded';
              resolve(this);
            },
            reject: (e) => {
              this.status = 'error';
              reject(e);
            },
          });
        });
      }
    }
    vi.stubGlobal('FontFace', FakeFontFace);
    const added: { source: string; status: string }[] = [];
    const doc = Object.create(document, {
      fonts: { value: { add: (f: FakeFontFace) => added.push({ source: f.source, status: f.status }) } },
      body: { value: document.body },
    }) as Document;
    return { loads, added, doc };
  }

  it('loads only what the page shows, and adds every face at once when those have come', async () => {
    document.body.innerHTML = `<p style="font-family: 'Literata Variable', serif">Café</p>`;
    const { loads, added, doc } = fakeFonts();
    const done = addWebFonts(FACES, doc);
    await Promise.resolve();
    expect([...loads.keys()]).toEqual(['url(/assets/literata-latin.woff2) format("woff2")']);
    expect(added).toEqual([]);
    loads.get('url(/assets/literata-latin.woff2) format("woff2")')!.resolve();
    await done;
    expect(added).toHaveLength(FACES.length);
    expect(added.filter((a) => a.status === 'loaded').map((a) => a.source)).toEqual(['url(/assets/literata-latin.woff2) format("woff2")']);
  });

  it('adds the faces even when a file fails: its characters stay in the fallback face', async () => {
    document.body.innerHTML = `<p style="font-family: 'Inter Variable', sans-serif">Hello</p>`;
    const { loads, added, doc } = fakeFonts();
    const done = addWebFonts(FACES, doc);
    await Promise.resolve();
    loads.get('url(/assets/inter-latin.woff2) format("woff2")')!.reject(new Error('offline'));
    await done;
    expect(added).toHaveLength(FACES.length);
  });

  it('does nothing in a browser without the Font Loading API', async () => {
    vi.stubGlobal('FontFace', undefined);
    await expect(addWebFonts(FACES)).resolves.toBeUndefined();
  });
});
