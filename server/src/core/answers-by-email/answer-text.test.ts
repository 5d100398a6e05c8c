import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { answerChapterHtml } from './answer-chapter';
import { answerParagraphs } from './answer-text';

const mail = (body: string, type = 'text/plain') =>
  simpleParser(`From: m@example.com\r\nTo: reply@localhost\r\nSubject: Re: q\r\nContent-Type: ${type}; charset=utf-8\r\n\r\n${body}`);

describe('answerParagraphs: the new text of a reply, by email-reply-parser', () => {
  it.each([
    ['Gmail', 'On Tue, Nov 24, 2026 at 9:00 AM Life Story <no-reply@localhost> wrote:\r\n> What was your first home like?'],
    ['Apple Mail', 'On 24 Nov 2026, at 09:00, Life Story <no-reply@localhost> wrote:\r\n\r\n> What was your first home like?'],
    [
      'Outlook',
      'From: Life Story <no-reply@localhost>\r\nSent: Tuesday, November 24, 2026 9:00 AM\r\nSubject: Your question\r\n\r\nWhat was your first home like?',
    ],
    ['an old Outlook', '-----Original Message-----\r\nFrom: Life Story\r\nWhat was your first home like?'],
    ['French', 'Le mar. 24 nov. 2026 à 09:00, Life Story <no-reply@localhost> a écrit :\r\n> What?'],
  ])('strips the quoted question email (%s) and a signature', async (_, quote) => {
    const parsed = await mail(`It was a tall house.\r\n\r\nWith a\r\nred door.\r\n\r\n--\r\nMargaret\r\n\r\n${quote}\r\n`);
    expect(answerParagraphs(parsed)).toEqual(['It was a tall house.', 'With a red door.']);
  });

  it('reads an HTML-only reply through mailparser’s text', async () => {
    const parsed = await mail(
      '<p>Above the <b>bakery</b>.</p><div class="gmail_quote">On Tue, Nov 24, 2026 at 9:00 AM Life Story wrote:<blockquote>What?</blockquote></div>',
      'text/html',
    );
    expect(answerParagraphs(parsed)).toEqual(['Above the bakery.']);
  });

  it('finds nothing in a reply that only quotes', async () => {
    expect(answerParagraphs(await mail('\r\nOn Tue, Nov 24, 2026 at 9:00 AM Life Story wrote:\r\n> What?\r\n'))).toEqual([]);
  });
});

describe('answerChapterHtml', () => {
  it('escapes the question and the answer, and leaves each photo’s description empty', () => {
    expect(answerChapterHtml('Who was <Tom>?', ['A & B <script>'], [{ name: `${'a'.repeat(32)}.jpg`, width: 800, height: 600 }])).toBe(
      `<h2>Who was &lt;Tom&gt;?</h2><p>A &amp; B &lt;script&gt;</p><figure><img src="/media/${'a'.repeat(32)}.jpg" alt="" width="800" height="600"></figure>`,
    );
  });
});
