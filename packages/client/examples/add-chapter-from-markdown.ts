// Adds a chapter to the end of my draft from a Markdown file. The file's first "# " heading is the chapter's
// title (else the file's name); the rest is its text. The draft is what the site's editor opens (Write): nothing is
// published until I press "Save Story" there. packages/client/README.md explains it.
//
//   LIFE_STORY_URL=https://stories.example.org LIFE_STORY_TOKEN=lst_... npx tsx packages/client/examples/add-chapter-from-markdown.ts chapter.md
//
// The token needs the "write" scope.
import fs from 'node:fs';
import path from 'node:path';
import { marked } from 'marked';
import { createLifeStoryClient, TRPCClientError } from '../src/index.js';

// A refusal of the site (a token revoked or expired, a permission missing) in its own words, not a stack trace.
process.on('uncaughtException', (err) => {
  console.error(err instanceof TRPCClientError ? `The site refused: ${err.message}` : err);
  process.exit(1);
});

const url = process.env.LIFE_STORY_URL;
const token = process.env.LIFE_STORY_TOKEN;
const file = process.argv[2];
if (!url || !token || !file) {
  console.error('Usage: LIFE_STORY_URL=<site> LIFE_STORY_TOKEN=<lst_...> tsx add-chapter-from-markdown.ts <chapter.md>');
  process.exit(2);
}

/**
 * A chapter is a top-level <h2> in the story's text (docs/decisions/0029-chapters.md), so the file's title becomes
 * one and its own headings go one level down, to sub-headings (<h3> and below): they do not start chapters.
 */
function chapterHtml(markdown: string, fallbackTitle: string): { title: string; html: string } {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const at = lines.findIndex((l) => /^#\s+\S/.test(l));
  const title = at >= 0 ? lines[at]!.replace(/^#\s+/, '').trim() : fallbackTitle;
  const body = at >= 0 ? [...lines.slice(0, at), ...lines.slice(at + 1)].join('\n') : lines.join('\n');
  const html = (marked.parse(body, { async: false }) as string).replace(
    /<(\/?)h([1-6])\b/g,
    (_, slash: string, level: string) => `<${slash}h${Math.min(6, Math.max(3, Number(level) + 1))}`,
  );
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return { title, html: `<h2>${escaped}</h2>${html}` };
}

const site = createLifeStoryClient({ url, token });
const me = await site.accounts.me.query();
if (!me) throw new Error('The site did not accept the token: make a new one under Profile, "Developer access".');
const chapter = chapterHtml(fs.readFileSync(file, 'utf8'), path.basename(file).replace(/\.(md|markdown)$/i, ''));

// The draft to add to: the one being written, else the published story (as the editor starts one), else nothing yet.
// If the draft changes in between (the editor is open and saves), the server refuses (409): read it again and retry.
for (let attempt = 1; ; attempt++) {
  const { draft_version, draft } = await site.drafts.get.query();
  const story = draft ? null : await site.stories.get.query({ username: me.username });
  const start = draft ?? { title: story?.title ?? '', text: story?.text ?? '', base_version: story?.version ?? 0 };
  try {
    const saved = await site.drafts.autosave.mutate({
      title: start.title,
      text: `${start.text}${chapter.html}`,
      base_version: start.base_version,
      draft_version,
    });
    console.log(
      `Added the chapter "${chapter.title}" to your draft (saved ${saved.saved_at}). Open Write on ${url} to read it and publish.`,
    );
    break;
  } catch (err) {
    if (!(err instanceof TRPCClientError && err.data?.httpStatus === 409) || attempt >= 3) throw err;
  }
}
