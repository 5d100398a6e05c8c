// The family's questions in the weekly email (docs/decisions/0031-one-question-a-week.md, 0032-the-family-asks.md):
// a question a reader of the circle asked is emailed before the library's and names who asked; its link opens it for
// the writer only; a reply to it marks it answered, and the asker is told once the story is published with it. A
// reader removed from the circle (or blocked) has no question waiting. Through HTTP, the outbox on disk and a real
// SMTP client to the real receiver; runs on SQLite (server) and PostgreSQL (server-pg).
import type { ParsedMail } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendWeeklyQuestions } from '../../server/src/core/weekly-question/send-weekly-questions';
import { startInboundSmtp } from '../../server/src/transport/smtp/inbound-smtp';
import { FakeClock } from '../support/fake-clock';
import { mailTo, settle } from '../support/outbox';
import { smtpClient } from '../support/reply-mail';
import { makeTestApp, ORIGIN, signedInPerson, storyHtml, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let clock: FakeClock;
beforeEach(async () => {
  clock = new FakeClock(); // Monday 15 June 2026, noon UTC
  t = await makeTestApp({ clock });
});
afterEach(async () => t?.close());

/** Tuesday 16 June 2026, 10:00 in London: the chosen time. */
const TUESDAY_10_LONDON = Date.UTC(2026, 5, 16, 9);
const TUESDAY = { day: 2, minute: 600, time_zone: 'Europe/London' };
const QUESTION = 'What did you do on Sundays when you were small?';
const NO_LONGER = 'This question is no longer available.';

type Person = Awaited<ReturnType<typeof signedInPerson>>;

const send = () => sendWeeklyQuestions(t.deps, { origin: ORIGIN });
const questionMails = async (to: string) => (await mailTo(t, to)).filter((m) => m.subject?.startsWith('Your question this week'));
const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
};
const openLink = (client: TestClient, id: string) =>
  client.get(`/trpc/weeklyQuestion.question?input=${encodeURIComponent(JSON.stringify({ id }))}`);
const suggest = async (client: TestClient) => {
  const res = await client.get('/trpc/questions.suggest');
  expect(res.status, res.text).toBe(200);
  return res.body.result.data.questions as { id: string; text: string; asked_by: string | null }[];
};
const askedRow = (id: string) =>
  t.deps.db
    .selectFrom('asked_questions')
    .select(['state', 'told_at'])
    .where('id', '=', Number(id.slice('asked-'.length)))
    .executeTakeFirstOrThrow();

/** The writer invites the reader by email; the reader, signed in, opens the link: their account joins the circle. */
async function join(writer: Person, reader: Person, name: string): Promise<void> {
  const before = (await mailTo(t, reader.email)).length;
  expect((await writer.client.post('/trpc/circle.invite', { readers: [{ email: reader.email, name }] })).status).toBe(200);
  const mail = (await settle(t, reader.email, before + 1))[before];
  const token = mail!.text?.match(/\/r\/([A-Za-z0-9_-]{43})\b/)?.[1];
  expect((await reader.client.get(`/r/${token}`)).status).toBe(303);
}

/** Rose writes for her circle and gets one question a week; Anna (invited as "Annie") is of her circle. */
async function world() {
  const rose = await signedInPerson(t, { username: 'grandma_rose', first_name: 'Rose', last_name: 'Hill' });
  const anna = await signedInPerson(t, { username: 'anna_h', first_name: 'Anna', last_name: 'Hill' });
  const stranger = await signedInPerson(t, { username: 'someone_else', first_name: 'Sam', last_name: 'Other' });
  expect((await rose.client.post('/api/stories/save', { title: 'My life', text: storyHtml(1) })).status).toBe(201);
  expect((await rose.client.post('/trpc/weeklyQuestion.set', TUESDAY)).status).toBe(200);
  await join(rose, anna, 'Annie');
  return { rose, anna, stranger };
}

async function ask(reader: Person, text: string): Promise<void> {
  const res = await reader.client.post('/trpc/questions.ask', { username: 'grandma_rose', text });
  expect(res.status, res.text).toBe(200);
}

describe('a family question in the weekly email', () => {
  it('is emailed first and names who asked; its link opens it for the writer only; a reply answers it; the asker is told after the publish', async () => {
    const { rose, anna, stranger } = await world();
    await ask(anna, QUESTION);
    clock.t = TUESDAY_10_LONDON;
    expect(await send()).toBe(1);
    const [mail] = await questionMails(rose.email);
    expect(mail!.subject).toBe(`Your question this week, from Annie: ${QUESTION}`);
    expect(mail!.text).toContain(`Annie asked: “${QUESTION}”`);
    expect(mail!.text).toContain('When your story is published with your answer, we will tell Annie it is there to read.');
    expect(mail!.html).toContain('Annie asked: “What did you do on Sundays when you were small?”');
    const id = mail!.text?.match(/\/story\/write\?question=(asked-\d+)\b/)?.[1];
    expect(id).toBeDefined();

    // The link opens it for Rose; for anyone else (the asker too) it is no longer available, never an error.
    const opened = await openLink(rose.client, id!);
    expect(opened.status, opened.text).toBe(200);
    expect(opened.body.result.data).toEqual({ id, text: QUESTION });
    for (const [client, other] of [
      [anna.client, id!],
      [stranger.client, id!],
      [rose.client, 'asked-999999'],
      [rose.client, 'asked-0'],
      [rose.client, 'asked-x'],
      [rose.client, 'asked-99999999999999999999'],
    ] as const) {
      const res = await openLink(client, other);
      expect(res.status, `${other}: ${res.text}`).toBe(404);
      expect(res.body.error.message).toBe(NO_LONGER);
    }

    // Rose replies to the email from her phone: the answer is a chapter of her draft, and the question is answered.
    const receiver = await startInboundSmtp(t.deps, { host: '127.0.0.1', port: 0, origin: () => ORIGIN, log: () => undefined });
    try {
      const replyTo = header(mail!, 'reply-to')!;
      const sent = await smtpClient(receiver.port).sendMail({
        from: rose.email,
        to: replyTo,
        subject: `Re: ${mail!.subject}`,
        text: `We walked to the river with my father.\n\nOn Tue, 16 Jun 2026 at 10:00, Life Story wrote:\n> ${QUESTION}\n`,
      });
      expect(sent.accepted).toEqual([replyTo]);
    } finally {
      await receiver.stop();
    }
    const draft = await rose.client.get('/trpc/drafts.get');
    const text = draft.body.result.data.draft.text as string;
    expect(text).toContain(`<h2>${QUESTION}</h2><p>We walked to the river with my father.</p>`);
    expect(await askedRow(id!)).toEqual({ state: 'answered', told_at: null });
    expect((await settle(t, rose.email, 2)).map((m) => m.subject)).toContain('Your answer is in your draft');
    expect((await suggest(rose.client)).some((q) => q.asked_by)).toBe(false);

    // Nobody is told while it is a draft; the publish tells Anna once, with a link to the chapter.
    const answerMails = async () => (await mailTo(t, anna.email)).filter((m) => m.subject === 'Rose answered your question');
    expect(await answerMails()).toEqual([]);
    expect((await rose.client.post('/api/stories/save', { title: 'My life', text })).status).toBe(201);
    const [told, ...more] = await answerMails();
    expect(more).toEqual([]);
    expect(told!.text).toContain(`You asked Rose: “${QUESTION}”`);
    expect(told!.text).toMatch(new RegExp(`${ORIGIN}/story/grandma_rose/page/\\d+#what-did-you-do-on-sundays`));
    await t.deps.projector.drain();
    const notices = await anna.client.get('/trpc/notifications.list');
    expect((notices.body.result.data as { kind: string; text: string }[]).filter((g) => g.kind === 'answer').map((g) => g.text)).toEqual([
      'Rose Hill answered your question in their story this week',
    ]);

    // Answered: the next week's email asks a question of the library.
    clock.t = TUESDAY_10_LONDON + 7 * 24 * 60 * 60_000;
    expect(await send()).toBe(1);
    const [, next] = await questionMails(rose.email);
    expect(next!.subject).not.toContain('from Annie');
    expect(next!.text).not.toMatch(/question=asked-/);
  });

  it('is not offered, emailed or told once its reader is removed from the circle (or blocked); inviting them back brings it back', async () => {
    const { rose, anna } = await world();
    await ask(anna, QUESTION);
    const [first] = await suggest(rose.client);
    expect(first).toMatchObject({ text: QUESTION, asked_by: 'Annie' });

    const readers = (await rose.client.get('/trpc/circle.list')).body.result.data.readers as { id: number; email: string }[];
    const annie = readers.find((r) => r.email === anna.email)!;
    expect((await rose.client.post('/trpc/circle.remove', { id: annie.id })).status).toBe(200);
    expect((await suggest(rose.client)).some((q) => q.asked_by)).toBe(false);
    clock.t = TUESDAY_10_LONDON;
    expect(await send()).toBe(1);
    const [mail] = await questionMails(rose.email);
    expect(mail!.subject).not.toContain(QUESTION);
    expect(mail!.text).not.toMatch(/question=asked-/);

    // Answered from an earlier link all the same and published: a removed reader is not told.
    expect((await rose.client.post('/trpc/questions.answer', { id: first!.id })).status).toBe(200);
    const text = `${storyHtml(1)}<h2>${QUESTION}</h2><p>We walked to the river.</p>`;
    expect((await rose.client.post('/api/stories/save', { title: 'My life', text })).status).toBe(201);
    const answerMails = async () => (await mailTo(t, anna.email)).filter((m) => m.subject === 'Rose answered your question');
    expect(await answerMails()).toEqual([]);
    expect(await askedRow(first!.id)).toEqual({ state: 'answered', told_at: null });

    // Invited back: a second question of hers waits again, and the next publish with the chapter tells her.
    await join(rose, anna, 'Annie');
    expect(await answerMails()).toEqual([]);
    await ask(anna, 'Who taught you to swim?');
    expect((await suggest(rose.client))[0]).toMatchObject({ text: 'Who taught you to swim?', asked_by: 'Annie' });
    expect((await rose.client.post('/api/stories/save', { title: 'My life', text: `${text}<p>More.</p>` })).status).toBe(201);
    expect(await answerMails()).toHaveLength(1);

    // Blocked: the same, in the picker and the email.
    await rose.client.post('/trpc/moderation.block', { username: 'anna_h' });
    expect((await suggest(rose.client)).some((q) => q.asked_by)).toBe(false);
    clock.t = TUESDAY_10_LONDON + 7 * 24 * 60 * 60_000;
    expect(await send()).toBe(1);
    const [, second] = await questionMails(rose.email);
    expect(second!.text).not.toMatch(/question=asked-/);
  });
});
