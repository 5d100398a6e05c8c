// The story as the parts of a Word document (.docx), made with the `docx` library: a title page, a contents field
// filled in from the headings, the story with a page break before each chapter, its photos at their stored size and
// their captions (docs/decisions/0034-word-and-readable-copies.md). Runs on a worker thread (word-build-worker.ts):
// docx compiles the whole document in one synchronous call. docx's own packer would also deflate the package, photos
// too, and hash each photo's bytes (a SHA-1 in JavaScript, ~100 ms a photo): it is given a short stand-in for each
// photo instead (its part is named image<n>), and the part comes back naming the photo, which the core reads from the
// store when its zip reaches it (core/book/docx.ts).
import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  type FileChild,
  HeadingLevel,
  ImageRun,
  LeaderType,
  LevelFormat,
  Packer,
  PageBreak,
  Paragraph,
  type ParagraphChild,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { ChildNode, Element } from 'domhandler';
import { isTag, isText } from 'domhandler';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { WordBook, WordPart, WordPhoto } from '../../ports/word-builder';

/** The widest and tallest a photo is drawn, in pixels at 96 to the inch: the text width of an A4 page, most of its height. */
const MAX_WIDTH = 600;
const MAX_HEIGHT = 760;
const HEADINGS = {
  h1: HeadingLevel.HEADING_1,
  h2: HeadingLevel.HEADING_2,
  h3: HeadingLevel.HEADING_3,
  h4: HeadingLevel.HEADING_4,
  h5: HeadingLevel.HEADING_5,
  h6: HeadingLevel.HEADING_6,
} as const;

interface Photo extends WordPhoto {
  /** What docx is given instead of the photo's bytes (see above): unique to the photo. */
  standIn: Buffer;
}
interface Inline {
  bold?: boolean;
  italics?: boolean;
  underline?: boolean;
  strike?: boolean;
  superScript?: boolean;
  subScript?: boolean;
  code?: boolean;
  link?: boolean;
}

interface Block {
  /** Inside a blockquote: the Quote style. */
  quote: boolean;
  /** Inside a list: its numbering and depth. */
  list?: { reference: 'bullets' | 'numbers'; level: number; instance: number };
}

/** The package's parts, each XML part's bytes as docx compiled it and each photo's part by the photo's name. */
export function buildDocxParts(book: WordBook): WordPart[] {
  const photos = new Map<string, Photo>(book.photos.map((p) => [p.name, { ...p, standIn: Buffer.from(`${STAND_IN}${p.name}`) }]));
  const maker = new DocxMaker(photos, new Set(book.chapterIds));
  for (const node of parseDocument(book.markup, { decodeEntities: true }).children) maker.top(node);

  const document = new Document({
    creator: book.authorName,
    title: book.title,
    description: book.words.description,
    features: { updateFields: false },
    styles: {
      default: {
        document: { run: { font: 'Georgia', size: 24 }, paragraph: { spacing: { after: 160, line: 300 } } },
        title: { run: { font: 'Georgia', size: 56, bold: true } },
        heading1: { run: { font: 'Georgia', size: 40, bold: true }, paragraph: { spacing: { before: 360, after: 240 }, keepNext: true } },
        heading2: { run: { font: 'Georgia', size: 36, bold: true }, paragraph: { spacing: { before: 360, after: 240 }, keepNext: true } },
        heading3: { run: { font: 'Georgia', size: 30, bold: true }, paragraph: { spacing: { before: 240, after: 160 }, keepNext: true } },
        heading4: { run: { font: 'Georgia', size: 26, bold: true }, paragraph: { keepNext: true } },
        heading5: { run: { font: 'Georgia', size: 24, bold: true }, paragraph: { keepNext: true } },
        heading6: { run: { font: 'Georgia', size: 24, italics: true }, paragraph: { keepNext: true } },
      },
      paragraphStyles: [
        {
          id: 'Quote',
          name: 'Quote',
          basedOn: 'Normal',
          next: 'Normal',
          run: { italics: true },
          paragraph: { indent: { left: 720, right: 720 } },
        },
        {
          id: 'Caption',
          name: 'Caption',
          basedOn: 'Normal',
          next: 'Normal',
          run: { italics: true, size: 22 },
          paragraph: { alignment: AlignmentType.CENTER, spacing: { after: 320 } },
        },
        { id: 'Photo', name: 'Photo', basedOn: 'Normal', next: 'Caption', paragraph: { alignment: AlignmentType.CENTER, keepNext: true } },
      ],
    },
    numbering: {
      config: [
        {
          reference: 'bullets',
          levels: listLevels(
            () => LevelFormat.BULLET,
            (l) => (l % 2 === 0 ? '•' : '◦'),
          ),
        },
        {
          reference: 'numbers',
          levels: listLevels(
            () => LevelFormat.DECIMAL,
            (l) => `%${l + 1}.`,
          ),
        },
      ],
    },
    sections: [
      {
        properties: { titlePage: true },
        children: [
          ...titlePage(book),
          new Paragraph({ heading: HeadingLevel.TITLE, pageBreakBefore: true, children: [new TextRun(book.words.contents)] }),
          // Filled in from the headings and clean, so Word does not ask to update it; page numbers only once the
          // reader updates it (Word's "Update Table"), so no dots leading to nothing.
          new TableOfContents(book.words.contents, {
            hyperlink: true,
            headingStyleRange: '1-3',
            beginDirty: false,
            tabLeader: LeaderType.NONE,
          }),
          new Paragraph({ children: [new PageBreak()] }),
          ...maker.children,
        ],
      },
    ],
  });
  return compiledParts(document);
}

function listLevels(format: () => (typeof LevelFormat)[keyof typeof LevelFormat], text: (level: number) => string) {
  return Array.from({ length: 9 }, (_, level) => ({
    level,
    format: format(),
    text: text(level),
    alignment: AlignmentType.LEFT,
    style: { paragraph: { indent: { left: 720 * (level + 1), hanging: 360 } } },
  }));
}

function titlePage(book: WordBook): Paragraph[] {
  return [
    new Paragraph({
      spacing: { before: 2400 },
      alignment: AlignmentType.CENTER,
      heading: HeadingLevel.TITLE,
      children: [new TextRun(book.title)],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 600 },
      children: [new TextRun({ text: book.authorName, size: 32 })],
    }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 2400 },
      children: [new TextRun({ text: book.words.fromSite, size: 18 })],
    }),
  ];
}

function fitted(photo: Photo): { width: number; height: number } {
  const scale = Math.min(1, MAX_WIDTH / photo.width, MAX_HEIGHT / photo.height);
  return { width: Math.max(1, Math.round(photo.width * scale)), height: Math.max(1, Math.round(photo.height * scale)) };
}

type Part = string | Uint8Array | ArrayBuffer;

const STAND_IN = 'life-story-photo:';

const bytesOf = (data: Part): Buffer =>
  typeof data === 'string'
    ? Buffer.from(data, 'utf8')
    : ArrayBuffer.isView(data)
      ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
      : Buffer.from(data);

/** The photo a media part stands in for (docx names the parts image1.png, …), or null. */
function photoOf(data: Part): string | null {
  const bytes = bytesOf(data);
  const text = bytes.length < 100 ? bytes.toString('utf8') : '';
  return text.startsWith(STAND_IN) ? text.slice(STAND_IN.length) : null;
}
interface Compiler {
  compile(file: Document, prettify?: unknown, overrides?: unknown[]): Map<string, Part>;
}

/**
 * The parts from the Packer's compiler, which docx does not export: a docx without one fails here, and the tests say
 * so (tests/integration/book-docx.test.ts).
 */
function compiledParts(document: Document): WordPart[] {
  const compiler = (Packer as unknown as { compiler?: Compiler }).compiler;
  if (typeof compiler?.compile !== 'function') throw new Error('This version of docx has no Packer.compiler.');
  const parts: WordPart[] = [];
  for (const [name, data] of compiler.compile(document, undefined, [])) {
    const photo = name.startsWith('word/media/') ? photoOf(data) : null;
    parts.push(photo ? { name, bytes: null, photo } : { name, bytes: bytesOf(data), photo: null });
  }
  return parts;
}

const textOf = (node: ChildNode) => DomUtils.textContent(node).replace(/\s+/g, ' ').trim();

/** Walks the prepared story's HTML and collects the document's paragraphs, tables and photos. */
class DocxMaker {
  readonly children: FileChild[] = [];
  private numberedLists = 0;

  constructor(
    private readonly photos: Map<string, Photo>,
    private readonly chapterIds: Set<string>,
  ) {}

  top(node: ChildNode): void {
    this.block(node, { quote: false }, this.children);
  }

  private block(node: ChildNode, ctx: Block, out: FileChild[]): void {
    if (isText(node)) {
      if (node.data.trim()) out.push(this.paragraph([node], ctx));
      return;
    }
    if (!isTag(node)) return;
    const name = node.name;
    if (name in HEADINGS) {
      const text = textOf(node);
      if (!text) return;
      const chapter = name === 'h2' && this.chapterIds.has(node.attribs.id ?? '');
      out.push(
        new Paragraph({
          heading: HEADINGS[name as keyof typeof HEADINGS],
          // A chapter starts a page, unless it is the story's very first block (the contents already end a page).
          pageBreakBefore: chapter && this.children.length > 0,
          children: this.inlines(node.children, {}),
        }),
      );
      return;
    }
    switch (name) {
      case 'p':
        this.paragraphWithPhotos(node, ctx, out);
        return;
      case 'figure':
        this.figure(node, ctx, out);
        return;
      case 'blockquote':
        for (const child of node.children) this.block(child, { ...ctx, quote: true }, out);
        return;
      case 'ul':
      case 'ol':
        this.list(node, ctx, out);
        return;
      case 'pre':
        out.push(this.pre(node, ctx));
        return;
      case 'hr':
        out.push(new Paragraph({ border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: 'auto', space: 1 } }, children: [] }));
        return;
      case 'table':
        this.table(node, out);
        return;
      case 'img':
        this.photo(node, undefined, ctx, out);
        return;
      default:
        out.push(this.paragraph(node.children, ctx));
    }
  }

  private paragraph(nodes: ChildNode[], ctx: Block, style?: string): Paragraph {
    return new Paragraph({
      style: style ?? (ctx.quote ? 'Quote' : undefined),
      numbering: ctx.list,
      children: this.inlines(nodes, {}),
    });
  }

  /** A paragraph; a photo in it becomes a paragraph of its own, its description the caption below. */
  private paragraphWithPhotos(p: Element, ctx: Block, out: FileChild[]): void {
    let run: ChildNode[] = [];
    const flush = () => {
      if (run.some((n) => !isText(n) || n.data.trim())) out.push(this.paragraph(run, ctx));
      run = [];
    };
    for (const child of p.children) {
      if (isTag(child) && child.name === 'img') {
        flush();
        this.photo(child, undefined, ctx, out);
      } else run.push(child);
    }
    flush();
  }

  private figure(figure: Element, ctx: Block, out: FileChild[]): void {
    const img = figure.children.find((c): c is Element => isTag(c) && c.name === 'img');
    const caption = figure.children.find((c): c is Element => isTag(c) && c.name === 'figcaption');
    if (img) this.photo(img, caption, ctx, out);
    else if (caption) out.push(this.paragraph(caption.children, ctx, 'Caption'));
  }

  /** The photo at its stored size, fitted to the page; then its caption, else its description. */
  private photo(img: Element, caption: Element | undefined, ctx: Block, out: FileChild[]): void {
    const photo = this.photos.get(img.attribs.src ?? '');
    const alt = (img.attribs.alt ?? '').trim();
    if (photo) {
      out.push(
        new Paragraph({
          style: 'Photo',
          children: [
            new ImageRun({
              type: photo.type,
              data: photo.standIn,
              transformation: fitted(photo),
              altText: { name: img.attribs.src ?? 'Photo', title: alt || 'Photo', description: alt || 'Photo' },
            }),
          ],
        }),
      );
    }
    if (caption && textOf(caption)) out.push(this.paragraph(caption.children, { quote: false }, 'Caption'));
    else if (alt && photo) out.push(new Paragraph({ style: 'Caption', children: [new TextRun(alt)] }));
    else if (alt)
      out.push(
        new Paragraph({ style: ctx.quote ? 'Quote' : undefined, children: [new TextRun({ text: `[Picture: ${alt}]`, italics: true })] }),
      );
  }

  private list(list: Element, ctx: Block, out: FileChild[]): void {
    const reference = list.name === 'ol' ? 'numbers' : 'bullets';
    const level = ctx.list ? Math.min(ctx.list.level + 1, 8) : 0;
    // Each numbered list counts from 1 again: its own instance of the numbering.
    const instance = reference === 'numbers' ? ++this.numberedLists : 0;
    for (const li of list.children) {
      if (!isTag(li) || li.name !== 'li') continue;
      const item: Block = { quote: ctx.quote, list: { reference, level, instance } };
      let inline: ChildNode[] = [];
      let numbered = false;
      const flush = () => {
        if (inline.some((n) => !isText(n) || n.data.trim())) {
          // The item's first paragraph carries its bullet or number; the rest are indented under it.
          out.push(numbered ? this.continuation(inline, item) : this.paragraph(inline, item));
          numbered = true;
        }
        inline = [];
      };
      for (const child of li.children) {
        if (isTag(child) && (child.name === 'ul' || child.name === 'ol')) {
          flush();
          this.list(child, item, out);
        } else if (isTag(child) && child.name === 'p') {
          flush();
          inline = [...child.children];
          flush();
        } else inline.push(child);
      }
      flush();
    }
  }

  private continuation(nodes: ChildNode[], ctx: Block): Paragraph {
    return new Paragraph({
      style: ctx.quote ? 'Quote' : undefined,
      indent: { left: 720 * ((ctx.list?.level ?? 0) + 1) },
      children: this.inlines(nodes, {}),
    });
  }

  private pre(pre: Element, ctx: Block): Paragraph {
    const lines = DomUtils.textContent(pre).replace(/\n$/, '').split('\n');
    return new Paragraph({
      style: ctx.quote ? 'Quote' : undefined,
      children: lines.map((line, i) => new TextRun({ text: line, font: 'Courier New', break: i > 0 ? 1 : undefined })),
    });
  }

  private table(table: Element, out: FileChild[]): void {
    const rows = DomUtils.getElementsByTagName('tr', table.children, true);
    const tableRows = rows
      .map((tr) => tr.children.filter((c): c is Element => isTag(c) && (c.name === 'td' || c.name === 'th')))
      .filter((cells) => cells.length > 0)
      .map(
        (cells) =>
          new TableRow({
            children: cells.map(
              (cell) =>
                new TableCell({
                  children: [new Paragraph({ children: this.inlines(cell.children, { bold: cell.name === 'th' }) })],
                }),
            ),
          }),
      );
    if (tableRows.length === 0) return;
    out.push(new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows: tableRows }));
    out.push(new Paragraph({ children: [] }));
  }

  private inlines(nodes: ChildNode[], format: Inline): ParagraphChild[] {
    const runs: ParagraphChild[] = [];
    for (const node of nodes) {
      if (isText(node)) {
        const text = node.data.replace(/\s+/g, ' ');
        if (text) runs.push(this.text(text, format));
        continue;
      }
      if (!isTag(node)) continue;
      switch (node.name) {
        case 'br':
          runs.push(new TextRun({ break: 1 }));
          break;
        case 'b':
        case 'strong':
          runs.push(...this.inlines(node.children, { ...format, bold: true }));
          break;
        case 'i':
        case 'em':
          runs.push(...this.inlines(node.children, { ...format, italics: true }));
          break;
        case 'u':
          runs.push(...this.inlines(node.children, { ...format, underline: true }));
          break;
        case 's':
        case 'del':
          runs.push(...this.inlines(node.children, { ...format, strike: true }));
          break;
        case 'sup':
          runs.push(...this.inlines(node.children, { ...format, superScript: true }));
          break;
        case 'sub':
          runs.push(...this.inlines(node.children, { ...format, subScript: true }));
          break;
        case 'code':
          runs.push(...this.inlines(node.children, { ...format, code: true }));
          break;
        case 'span':
          runs.push(...this.inlines(node.children, node.attribs.class === 'missing-picture' ? { ...format, italics: true } : format));
          break;
        case 'a': {
          const href = node.attribs.href ?? '';
          const children = this.inlines(node.children, { ...format, link: true }) as TextRun[];
          if (/^(https?:|mailto:)/i.test(href) && children.length > 0) runs.push(new ExternalHyperlink({ link: href, children }));
          else runs.push(...this.inlines(node.children, format));
          break;
        }
        case 'img': {
          const alt = (node.attribs.alt ?? '').trim();
          if (alt) runs.push(this.text(`[Picture: ${alt}]`, { ...format, italics: true }));
          break;
        }
        default:
          runs.push(...this.inlines(node.children, format));
      }
    }
    return runs;
  }

  private text(text: string, f: Inline): TextRun {
    return new TextRun({
      text,
      bold: f.bold,
      italics: f.italics,
      underline: f.underline || f.link ? {} : undefined,
      strike: f.strike,
      superScript: f.superScript,
      subScript: f.subScript,
      font: f.code ? 'Courier New' : undefined,
      color: f.link ? '0B57A4' : undefined,
    });
  }
}
