// Backs up my story to a folder of Markdown files: README.md (the title and the chapters, each linked to its page)
// and one file per page (page-001.md, ...), with the chapter headings as "##" headings and each photo as
// ![its alt text](its address on the site). packages/client/README.md explains it.
//
//   LIFE_STORY_URL=https://stories.example.org LIFE_STORY_TOKEN=lst_... npx tsx packages/client/examples/backup-to-markdown.ts my-story-backup
//
// The token needs the "read" scope.
import fs from 'node:fs';
import path from 'node:path';
import { type ChildNode, isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { createLifeStoryClient, TRPCClientError } from '../src/index.js';

// A refusal of the site (a token revoked or expired, a permission missing) in its own words, not a stack trace.
process.on('uncaughtException', (err) => {
  console.error(err instanceof TRPCClientError ? `The site refused: ${err.message}` : err);
  process.exit(1);
});

const url = process.env.LIFE_STORY_URL;
const token = process.env.LIFE_STORY_TOKEN;
const folder = process.argv[2];
if (!url || !token || !folder) {
  console.error('Usage: LIFE_STORY_URL=<site> LIFE_STORY_TOKEN=<lst_...> tsx backup-to-markdown.ts <folder>');
  process.exit(2);
}

const site = createLifeStoryClient({ url, token });

const me = await site.accounts.me.query();
if (!me) throw new Error('The site did not accept the token: make a new one under Profile, "Developer access".');
const story = await site.stories.get.query({ username: me.username });
if (!story) {
  console.log(`${me.username} has no published story yet: nothing to back up.`);
  process.exit(0);
}

const pageFile = (n: number) => `page-${String(n).padStart(3, '0')}.md`;
fs.mkdirSync(folder, { recursive: true });

for (let n = 1; n <= story.page_count; n++) {
  const page = await site.stories.page.query({ username: me.username, page_number: n });
  const markdown = toMarkdown(page.html, url);
  fs.writeFileSync(path.join(folder, pageFile(n)), `${markdown}\n`);
}

const contents = story.chapters.map((c) => `- [${c.title}](${pageFile(c.page)}#${c.slug}) (page ${c.page})`);
const readme = [
  `# ${story.title}`,
  '',
  `By ${[story.first_name, story.last_name].filter(Boolean).join(' ') || me.username}, backed up from ${url} on ${new Date().toISOString().slice(0, 10)}.`,
  '',
  ...(contents.length ? ['## Chapters', '', ...contents, ''] : []),
  '## Pages',
  '',
  ...Array.from({ length: story.page_count }, (_, i) => `- [Page ${i + 1}](${pageFile(i + 1)})`),
  '',
].join('\n');
fs.writeFileSync(path.join(folder, 'README.md'), readme);
console.log(`Backed up "${story.title}": ${story.page_count} page(s), ${story.chapters.length} chapter(s), into ${folder}`);

// ---- the page's HTML (what the site shows readers) as Markdown ----

/** Blocks are separated by a blank line; inline elements keep their emphasis and links. */
function toMarkdown(html: string, siteUrl: string): string {
  const absolute = (src: string) => new URL(src, siteUrl).toString();
  const inline = (nodes: ChildNode[]): string => nodes.map(inlineNode).join('');
  const inlineNode = (node: ChildNode): string => {
    if (isText(node)) return node.data.replace(/\s+/g, ' ');
    if (!isTag(node)) return '';
    const inner = () => inline(node.children);
    switch (node.name) {
      case 'strong':
      case 'b':
        return `**${inner()}**`;
      case 'em':
      case 'i':
        return `_${inner()}_`;
      case 'a':
        return `[${inner()}](${node.attribs.href ? absolute(node.attribs.href) : ''})`;
      case 'br':
        return '  \n';
      case 'img': {
        // The site's photos: the full-size one is named by data-full, the shown size by src.
        const src = node.attribs['data-full'] ?? node.attribs.src ?? '';
        return `![${node.attribs.alt ?? ''}](${absolute(src)})`;
      }
      case 'figcaption':
        return '';
      default:
        return inner();
    }
  };
  const block = (node: ChildNode, prefix = ''): string[] => {
    if (isText(node)) return node.data.trim() ? [node.data.trim()] : [];
    if (!isTag(node)) return [];
    const heading = /^h([1-6])$/.exec(node.name);
    if (heading) return [`${'#'.repeat(Number(heading[1]))} ${inline(node.children).trim()}`];
    switch (node.name) {
      case 'p':
        return [inline(node.children).trim()];
      case 'figure': {
        const caption = node.children.find((c) => isTag(c) && c.name === 'figcaption');
        const photo = inline(node.children).trim();
        return [caption && isTag(caption) ? `${photo}\n_${inline(caption.children).trim()}_` : photo];
      }
      case 'blockquote':
        return node.children.flatMap((c) => block(c)).map((b) => b.replace(/^/gm, '> '));
      case 'ul':
      case 'ol':
        return [
          node.children
            .filter((c) => isTag(c) && c.name === 'li')
            .map((li, i) => `${prefix}${node.name === 'ol' ? `${i + 1}.` : '-'} ${isTag(li) ? inline(li.children).trim() : ''}`)
            .join('\n'),
        ];
      case 'hr':
        return ['---'];
      default:
        return node.children.flatMap((c) => block(c, prefix));
    }
  };
  return parseDocument(html)
    .children.flatMap((n) => block(n))
    .filter((b) => b !== '')
    .join('\n\n');
}
