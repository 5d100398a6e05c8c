// Documents made in code for the import tests and the bench (issue #27; no binary files are committed): real .docx
// files from the `docx` library, and the adversarial ones (a zip bomb, a lying zip, an encrypted file, a renamed
// program, 10,000 pictures, an XML entity trick).
import { Readable } from 'node:stream';
import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
} from 'docx';
import yazl from 'yazl';
import { gradientJpeg } from './photo-fixtures';

export interface RichDocxOptions {
  /** Photos, each with this alt text ('' for none). */
  photos?: { alt: string; width?: number; height?: number }[];
  /** Chapters (Heading 2) of filler paragraphs after the first one, for long documents. */
  extraChapters?: number;
  paragraphsPerChapter?: number;
}

const FILLER =
  'We walked to the school along the river every morning, past the mill and the baker, and my brother always stopped to look at the boats.';

/** A Word document with what a memoir holds: headings, lists, bold and italic, a link, a quote, photos, a table, footnotes. */
export async function richDocx(options: RichDocxOptions = {}): Promise<Buffer> {
  const photos = await Promise.all(
    (options.photos ?? []).map(async (p, i) => ({ ...p, data: await gradientJpeg(p.width ?? 800 + i, p.height ?? 600) })),
  );
  const children: (Paragraph | Table)[] = [
    new Paragraph({ text: 'My Life', heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ text: 'Childhood', heading: HeadingLevel.HEADING_2 }),
    new Paragraph({
      children: [
        new TextRun('I was born in '),
        new TextRun({ text: 'Leeds', bold: true }),
        new TextRun(' in a '),
        new TextRun({ text: 'very cold', italics: true }),
        new TextRun(' winter.'),
        new FootnoteReferenceRun(1),
        new TextRun(' More at '),
        new ExternalHyperlink({
          link: 'https://example.org/leeds',
          children: [new TextRun({ text: 'the city page', style: 'Hyperlink' })],
        }),
        new TextRun('.'),
      ],
    }),
    new Paragraph({ text: 'Our street had:', children: [new FootnoteReferenceRun(2)] }),
    new Paragraph({ text: 'a baker', bullet: { level: 0 } }),
    new Paragraph({ text: 'a butcher', bullet: { level: 0 } }),
    new Paragraph({ text: 'First the war', numbering: { reference: 'steps', level: 0 } }),
    new Paragraph({ text: 'Then the peace', numbering: { reference: 'steps', level: 0 } }),
    new Paragraph({ text: 'Mother always said: waste not, want not.', style: 'Quote' }),
    ...photos.map(
      (p, i) =>
        new Paragraph({
          children: [
            new ImageRun({
              type: 'jpg',
              data: p.data,
              transformation: { width: 320, height: 240 },
              altText: { name: `Picture ${i + 1}`, title: p.alt, description: p.alt },
            }),
          ],
        }),
    ),
    new Table({
      rows: [
        new TableRow({
          children: [new TableCell({ children: [new Paragraph('Year')] }), new TableCell({ children: [new Paragraph('Place')] })],
        }),
        new TableRow({
          children: [new TableCell({ children: [new Paragraph('1950')] }), new TableCell({ children: [new Paragraph('Leeds')] })],
        }),
      ],
    }),
  ];
  for (let c = 0; c < (options.extraChapters ?? 0); c++) {
    children.push(new Paragraph({ text: `Chapter ${c + 2}`, heading: HeadingLevel.HEADING_2 }));
    for (let p = 0; p < (options.paragraphsPerChapter ?? 10); p++) children.push(new Paragraph(`${FILLER} (${c + 2}.${p + 1})`));
  }
  const doc = new Document({
    styles: { paragraphStyles: [{ id: 'Quote', name: 'Quote', basedOn: 'Normal', run: { italics: true } }] },
    numbering: {
      config: [{ reference: 'steps', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] }],
    },
    footnotes: {
      1: { children: [new Paragraph('The coldest winter in fifty years.')] },
      2: { children: [new Paragraph('Now a car park.')] },
    },
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}

/** A zip made with yazl from named parts (a Buffer, or a stream of `bytes` bytes made as it is read). */
export function zipOf(parts: { name: string; data: Buffer | { zeros: number } }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const part of parts) {
    // Small parts are stored, not deflated: a deflate stream for each of 10,000 parts takes a minute.
    if (Buffer.isBuffer(part.data)) zip.addBuffer(part.data, part.name, { compress: part.data.length > 4096 });
    else zip.addReadStream(zeros(part.data.zeros), part.name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

function zeros(total: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let left = total;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(chunk.subarray(0, n));
    },
  });
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="xml" ContentType="application/xml"/></Types>',
);
const documentXml = (body: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
  );

/** A small .docx whose document.xml unpacks to `bytes` (spaces): a zip bomb, honest about its sizes. */
export function zipBombDocx(bytes = 300 * 1024 * 1024): Promise<Buffer> {
  return zipOf([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: 'word/document.xml', data: documentXml('<w:p><w:r><w:t>Hello</w:t></w:r></w:p>') },
    { name: 'word/media/padding.bin', data: { zeros: bytes } },
  ]);
}

/**
 * A zip bomb that lies: its central directory and local header say a part is 1 KB, but it inflates to `bytes`.
 * Only inflating it finds out (yauzl's size check).
 */
export async function lyingZipBombDocx(bytes = 64 * 1024 * 1024): Promise<Buffer> {
  const zip = await zipBombDocx(bytes);
  const name = Buffer.from('word/media/padding.bin');
  // Central directory header (PK\1\2): uncompressed size at +24, name at +46. Local header (PK\3\4): size at +22, name at +30.
  for (let i = zip.indexOf(name); i !== -1; i = zip.indexOf(name, i + 1)) {
    if (zip.readUInt32LE(i - 46) === 0x02014b50) zip.writeUInt32LE(1024, i - 46 + 24);
    if (zip.readUInt32LE(i - 30) === 0x04034b50) zip.writeUInt32LE(1024, i - 30 + 22);
  }
  return zip;
}

/** 10,000 tiny pictures in word/media. */
export function manyPicturesDocx(count = 10_000): Promise<Buffer> {
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  return zipOf([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: 'word/document.xml', data: documentXml('<w:p><w:r><w:t>Hello</w:t></w:r></w:p>') },
    ...Array.from({ length: count }, (_, i) => ({ name: `word/media/image${i}.png`, data: png })),
  ]);
}

/** Billion laughs: document.xml declares nested entities that would expand to gigabytes. */
export function entityTrickDocx(kind: 'billion-laughs' | 'external' = 'billion-laughs'): Promise<Buffer> {
  const doctype =
    kind === 'external'
      ? '<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
      : `<!DOCTYPE w:document [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]>`;
  const entity = kind === 'external' ? '&xxe;' : '&lol9;';
  const xml = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>${doctype}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>${entity}</w:t></w:r></w:p></w:body></w:document>`,
  );
  return zipOf([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: 'word/document.xml', data: xml },
  ]);
}

/** What a password-protected .docx starts with: an OLE compound file, not a zip. */
export function encryptedDocx(): Buffer {
  return Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(4096, 7)]);
}

/** A Windows program's first bytes. */
export function programBytes(): Buffer {
  const b = Buffer.alloc(4096, 0);
  b.write('MZ', 0, 'latin1');
  b.write('This program cannot be run in DOS mode.', 78, 'latin1');
  return b;
}

/**
 * A document as a person types it in LibreOffice Writer, in its own flat format (.fodt): a title, two chapters
 * (Heading 1 and 2), bold and italic, a footnote, a bulleted and a numbered list, and two photos, one with a
 * description (Writer's "Description" in Properties, svg:desc) and one without. LibreOffice turns it into the .docx
 * the import test reads (tests/integration/document-import-libreoffice.test.ts).
 */
export async function writerFlatOdt(): Promise<string> {
  const photo = async (w: number, h: number) => (await gradientJpeg(w, h)).toString('base64');
  const frame = (name: string, data: string, desc: string) =>
    `<draw:frame draw:name="${name}" text:anchor-type="as-char" svg:width="8cm" svg:height="6cm"><draw:image><office:binary-data>${data}</office:binary-data></draw:image>${desc ? `<svg:title>${desc}</svg:title><svg:desc>${desc}</svg:desc>` : ''}</draw:frame>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
 <office:styles>
  <style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph" style:default-outline-level="1"><style:text-properties fo:font-size="130%" fo:font-weight="bold"/></style:style>
  <style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph" style:default-outline-level="2"><style:text-properties fo:font-size="115%" fo:font-weight="bold"/></style:style>
 </office:styles>
 <office:automatic-styles>
  <style:style style:name="T1" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
  <style:style style:name="T2" style:family="text"><style:text-properties fo:font-style="italic"/></style:style>
  <text:list-style style:name="L1"><text:list-level-style-bullet text:level="1" text:bullet-char="•"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" fo:text-indent="-0.635cm" fo:margin-left="1.27cm"/></style:list-level-properties></text:list-level-style-bullet></text:list-style>
  <text:list-style style:name="L2"><text:list-level-style-number text:level="1" style:num-suffix="." style:num-format="1"><style:list-level-properties text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-alignment text:label-followed-by="listtab" fo:text-indent="-0.635cm" fo:margin-left="1.27cm"/></style:list-level-properties></text:list-level-style-number></text:list-style>
 </office:automatic-styles>
 <office:body>
  <office:text>
   <text:h text:style-name="Heading_20_1" text:outline-level="1">Written in Writer</text:h>
   <text:h text:style-name="Heading_20_2" text:outline-level="2">The farm</text:h>
   <text:p>We lived on a <text:span text:style-name="T1">farm</text:span> near <text:span text:style-name="T2">Ripon</text:span>.<text:note text:id="ftn1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Ripon is in North Yorkshire.</text:p></text:note-body></text:note> We kept:</text:p>
   <text:list text:style-name="L1"><text:list-item><text:p>three cows</text:p></text:list-item><text:list-item><text:p>a dog called Jess</text:p></text:list-item></text:list>
   <text:p>${frame('Image1', await photo(640, 480), 'Father with the cows, 1948')}</text:p>
   <text:h text:style-name="Heading_20_2" text:outline-level="2">Leaving home</text:h>
   <text:p>What I packed, in order:</text:p>
   <text:list text:style-name="L2"><text:list-item><text:p>my coat</text:p></text:list-item><text:list-item><text:p>the photo album</text:p></text:list-item></text:list>
   <text:p>${frame('Image2', await photo(480, 640), '')}</text:p>
  </office:text>
 </office:body>
</office:document>
`;
}
