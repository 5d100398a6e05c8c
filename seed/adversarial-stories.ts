/**
 * Story bodies shaped to make the sanitiser and the page splitter work hard, each as large as a save
 * accepts (LIMITS.storyBytesMax bytes or LIMITS.storyTagsMax tags, whichever comes first). Used by the
 * hardening tests and by `npm run bench`; see docs/performance.md.
 */
import { LIMITS } from '../server/src/contract/limits';

const MARKS = ['b', 'i', 'u', 's', 'del', 'sub', 'sup', 'em', 'strong', 'code'];

/** Repeats `unit` (holding `tagsPerUnit` tags) after `head` up to the byte and tag limits. */
function fill(head: string, unit: string, tagsPerUnit: number, tail = ''): string {
  const headTags = head.split('<').length - 1;
  const byBytes = Math.floor((LIMITS.storyBytesMax - head.length - tail.length) / unit.length);
  const byTags = Math.floor((LIMITS.storyTagsMax - headTags - (tail.split('<').length - 1)) / tagsPerUnit);
  return head + unit.repeat(Math.max(0, Math.min(byBytes, byTags))) + tail;
}

const openMarks = (n: number) => Array.from({ length: n }, (_, i) => `<${MARKS[i % MARKS.length]}>`).join('');

export const ADVERSARIAL_STORIES: Record<string, () => string> = {
  /** The red-team's shape: 80 unclosed inline marks, then tiny paragraphs that would each reopen them. */
  'nested marks + tiny paragraphs': () => fill(openMarks(80), '<p>x</p>', 2),
  /** Lists nested 60 deep, again and again (the builder stops nesting at its depth limit). */
  'deep lists': () => fill('', `${'<ul><li>'.repeat(60)}x${'</li></ul>'.repeat(60)}`, 240),
  /** One table of single-word cells with wide column spans, cut between rows and cells by the splitter. */
  'huge table': () =>
    fill(
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody>',
      '<tr><td colspan="1000">x y</td><td>z</td></tr>',
      6,
      '</tbody></table>',
    ),
  /** Nothing but the smallest blocks: every one becomes its own node and page-splitting unit. */
  'many tiny blocks': () => fill('', '<h6>x</h6><hr><blockquote>y</blockquote>', 5),
  /** Links, each given our rel attribute; with an open mark that is reopened in every paragraph. */
  'links in marks': () => fill(openMarks(8), '<p><a href="/x">y</a></p>', 4),
  /** Plain prose at the byte limit: the largest ordinary story. */
  'plain prose': () => fill('', '<p>The summer we moved to the coast, my father built a boat. It had no name.</p>', 2),
};
