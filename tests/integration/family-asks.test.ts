// Issue #25, "The family asks" (docs/decisions/0032-the-family-asks.md): a reader of the writer's circle asks a
// question from the story page; it comes first in the writer's picker ("Asked by Anna"); the writer answers, keeps it
// for later or declines it; the reader is told (a notification and an email) once the story is published with the
// chapter. Who may ask, the limits, blocks. Through tRPC; runs on SQLite (server) and PostgreSQL (server-pg).
import { TRPCError } from '@trpc/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASKS_PER_WEEK, NO_SUCH_QUESTION, QUESTION_TOO_SHORT } from '../../server/src/contract/questions';
import { STORY_NOT_FOUND } from '../../server/src/core/shared/find-user';
import { DAY, FakeClock } from '../support/fake-clock';
import { mailTo, settle } from '../support/outbox';
import { makeTestApp, ORIGIN, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

let t: TestApp;
let clock: FakeClock;
beforeEach(async () => {
  clock = new FakeClock();
  t = await makeTestApp({ clock });
});
afterEach(async () => t.close());

type Person = Awaited<ReturnType<typeof signedInPerson>>;

async function expectCode(call: Promise<unknown>, code: TRPCError['code'], message?: string): Promise<void> {
  try {
    await call;
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    expect(err.code, err.message).toBe(code);
    if (message !== undefined) expect(err.message).toBe(message);
    return;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

/** The writer invites the reader by email; the reader, signed in, opens the link: their account joins the circle. */
async function join(writer: Person, reader: Person, name = 'Anna'): Promise<void> {
  await t.caller(writer.id).circle.invite({ readers: [{ email: reader.email, name }] });
  const [mail] = await settle(t, reader.email, 1);
  const token = mail!.text?.match(/\/r\/([A-Za-z0-9_-]{43})\b/)?.[1];
  expect((await reader.client.get(`/r/${token}`)).status).toBe(303);
}

async function world(audience: 'circle' | 'everyone' = 'circle') {
  const grandma = await signedInPerson(t, { username: 'grandma_rose', first_name: 'Rose', last_name: 'Hill' });
  const anna = await signedInPerson(t, { username: 'anna_h', first_name: 'Anna', last_name: 'Hill' });
  const stranger = await signedInPerson(t, { username: 'someone_else', first_name: 'Sam', last_name: 'Other' });
  await t.caller(grandma.id).stories.publish({ title: 'My life', text: storyHtml(1), audience });
  await join(grandma, anna);
  return { grandma, anna, stranger };
}

const QUESTION = 'What did you do on Sundays when you were small?';

describe('asking', () => {
  it('a reader of the circle may ask; the story page knows; the writer sees it first with "Asked by Anna"', async () => {
    const { grandma, anna } = await world();
    expect(await t.caller(anna.id).questions.askable({ username: 'grandma_rose' })).toEqual({ can_ask: true, name: 'Rose' });
    expect(await t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: `  ${QUESTION}\n ` })).toEqual({ asked: true });
    const got = await t.caller(grandma.id).questions.suggest();
    expect(got.questions).toHaveLength(3);
    expect(got.questions[0]).toMatchObject({ text: QUESTION, asked_by: 'Anna', stage: null, kept: false });
    expect(got.questions[0]!.id).toMatch(/^asked-\d+$/);
    expect(got.questions[1]!.asked_by).toBeNull();
    // A reader is named as the writer named them in her invitation, else by their first name.
    const tom = await signedInPerson(t, { username: 'thomas_h', first_name: 'Thomas', last_name: 'Hill' });
    await join(grandma, tom, 'Little Tom');
    await t.caller(tom.id).questions.ask({ username: 'grandma_rose', text: 'Did you have a dog?' });
    await t.deps.db.updateTable('circle_members').set({ name: ' ' }).where('name', '=', 'Anna').execute();
    expect((await t.caller(grandma.id).questions.suggest()).questions.slice(0, 2).map((q) => q.asked_by)).toEqual(['Anna', 'Little Tom']);
    // Private between the two: the question is nowhere on the story, and nobody else's picker has it.
    expect((await t.caller(anna.id).questions.suggest()).questions.some((q) => q.asked_by)).toBe(false);
  });

  it('refuses the writer, a stranger to a public story (403), one who cannot read it (404), visitors and bad text', async () => {
    const { grandma, anna, stranger } = await world('everyone');
    await expectCode(t.caller(grandma.id).questions.ask({ username: 'grandma_rose', text: QUESTION }), 'BAD_REQUEST');
    expect(await t.caller(stranger.id).questions.askable({ username: 'grandma_rose' })).toEqual({ can_ask: false, name: null });
    await expectCode(
      t.caller(stranger.id).questions.ask({ username: 'grandma_rose', text: QUESTION }),
      'FORBIDDEN',
      'Only the readers Rose invited can ask Rose a question.',
    );
    await expectCode(t.caller(null).questions.ask({ username: 'grandma_rose', text: QUESTION }), 'UNAUTHORIZED');
    expect(await t.caller(null).questions.askable({ username: 'grandma_rose' })).toEqual({ can_ask: false, name: null });
    await expectCode(t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: ' Hi? ' }), 'BAD_REQUEST', QUESTION_TOO_SHORT);
    await expectCode(t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: 'x'.repeat(301) }), 'BAD_REQUEST');
    // Narrowed to the circle: the stranger cannot read it, so for them there is no such story.
    await t.caller(grandma.id).stories.setAudience({ audience: 'circle' });
    await expectCode(t.caller(stranger.id).questions.ask({ username: 'grandma_rose', text: QUESTION }), 'NOT_FOUND', STORY_NOT_FOUND);
    await expectCode(t.caller(anna.id).questions.ask({ username: 'nobody_here', text: QUESTION }), 'NOT_FOUND', STORY_NOT_FOUND);
  });

  it(`allows ${ASKS_PER_WEEK} a week per reader and writer; over HTTP the refusal is a 429 with a clear message`, async () => {
    const { anna } = await world();
    for (let i = 1; i <= ASKS_PER_WEEK; i++)
      await t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: `${QUESTION} (${i})` });
    const res = await anna.client.post('/trpc/questions.ask', { username: 'grandma_rose', text: QUESTION });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe('You have asked Rose 3 questions this week. You can ask another in 7 days.');
    clock.advance(7 * DAY + 1000);
    expect(await t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: QUESTION })).toEqual({ asked: true });
  });

  it('a writer who blocks the asker no longer sees their questions, and the asker can ask no more', async () => {
    const { grandma, anna } = await world();
    await t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: QUESTION });
    await t.caller(grandma.id).moderation.block({ username: 'anna_h' });
    expect((await t.caller(grandma.id).questions.suggest()).questions.some((q) => q.asked_by)).toBe(false);
    expect((await t.caller(anna.id).questions.askable({ username: 'grandma_rose' })).can_ask).toBe(false);
    await expectCode(
      t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: QUESTION }),
      'FORBIDDEN',
      'You cannot ask Rose questions.',
    );
  });
});

describe('the writer answers, keeps for later or declines', () => {
  it('"Keep for later" keeps it first and marked; "Not for me" removes it; only the writer may act on it', async () => {
    const { grandma, anna, stranger } = await world();
    await t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: QUESTION });
    await t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: 'Who taught you to swim?' });
    const [first, second] = (await t.caller(grandma.id).questions.suggest()).questions;
    await expectCode(t.caller(stranger.id).questions.later({ id: first!.id }), 'NOT_FOUND', NO_SUCH_QUESTION);
    await expectCode(t.caller(grandma.id).questions.later({ id: 'asked-999999' }), 'NOT_FOUND', NO_SUCH_QUESTION);
    expect(await t.caller(grandma.id).questions.later({ id: first!.id })).toEqual({ id: first!.id, state: 'later' });
    expect((await t.caller(grandma.id).questions.suggest()).questions[0]).toMatchObject({ id: first!.id, kept: true, asked_by: 'Anna' });
    expect(await t.caller(grandma.id).questions.dismiss({ id: second!.id })).toEqual({ id: second!.id, state: 'dismissed' });
    const after = (await t.caller(grandma.id).questions.suggest()).questions;
    expect(after.map((q) => q.id)).not.toContain(second!.id);
    expect(after.filter((q) => q.asked_by)).toHaveLength(1);
  });

  it('the asker is told only when the story is published with the chapter: a notification and an email, once', async () => {
    const { grandma, anna } = await world();
    await t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: QUESTION });
    const [asked] = (await t.caller(grandma.id).questions.suggest()).questions;
    expect(await t.caller(grandma.id).questions.answer({ id: asked!.id })).toEqual({ id: asked!.id, state: 'answered' });
    // Answered, never offered again; an answer is not undone by "Not for me".
    expect((await t.caller(grandma.id).questions.suggest()).questions.some((q) => q.asked_by)).toBe(false);
    expect(await t.caller(grandma.id).questions.dismiss({ id: asked!.id })).toEqual({ id: asked!.id, state: 'answered' });

    const notices = async () => {
      await t.deps.projector.drain();
      return (await t.caller(anna.id).notifications.list()).filter((g) => g.kind === 'answer');
    };
    const answerMails = async () => (await mailTo(t, anna.email)).filter((m) => m.subject === 'Rose answered your question');
    // Only in the draft: nobody is told.
    await t.caller(grandma.id).drafts.autosave({
      title: 'My life',
      text: `${storyHtml(1)}<h2>${QUESTION}</h2><p>We walked to the river.</p>`,
      base_version: 1,
      draft_version: 1,
    });
    expect(await notices()).toEqual([]);
    // Published without the chapter: still nobody.
    await t.caller(grandma.id).stories.publish({ title: 'My life', text: storyHtml(1) });
    expect(await notices()).toEqual([]);
    expect(await answerMails()).toEqual([]);
    // Published with it (the heading's words, case and closing mark aside): told.
    const text = `${storyHtml(1)}<h2>${QUESTION.replace('?', '').toUpperCase()}</h2><p>We walked to the river with my father.</p>`;
    await t.caller(grandma.id).stories.publish({ title: 'My life', text });
    const told = await notices();
    expect(told.map((g) => [g.text, g.story_username, g.unread])).toEqual([
      ['Rose Hill answered your question in their story this week', 'grandma_rose', true],
    ]);
    const mails = await answerMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`You asked Rose: “${QUESTION}”`);
    expect(mails[0]!.text).toMatch(new RegExp(`${ORIGIN}/story/grandma_rose/page/\\d+#what-did-you-do-on-sundays`));
    // Published again: not told twice. The writer is told nothing of their own.
    await t.caller(grandma.id).stories.publish({ title: 'My life', text: `${text}<p>More.</p>` });
    expect(await notices()).toHaveLength(1);
    expect(await answerMails()).toHaveLength(1);
    expect((await t.caller(grandma.id).notifications.list()).filter((g) => g.kind === 'answer')).toEqual([]);
    // The notification survives a rebuild of the projection (it is folded from the log).
    const { rebuildNotifications } = await import('../../server/src/core/notifications/fold-notifications');
    await rebuildNotifications(t.deps.db, clock.now());
    expect(await notices()).toHaveLength(1);
    expect(await t.caller(anna.id).notifications.markRead({ key: told[0]!.key })).toBeUndefined();
  });
});

describe('asking, in Spanish (docs/decisions/0042-interface-languages.md)', () => {
  it('shows a Spanish writer "De su familia", and tells a Spanish asker in Spanish, with the question in her own words', async () => {
    const { grandma, anna } = await world();
    await t.caller(grandma.id).accounts.setLocale({ locale: 'es' });
    await t.caller(anna.id).accounts.setLocale({ locale: 'es' });
    const pregunta = '¿Qué hacía los domingos de pequeña?';
    await t.caller(anna.id).questions.ask({ username: 'grandma_rose', text: pregunta });
    const [asked] = (await t.caller(grandma.id).questions.suggest()).questions;
    expect(asked).toMatchObject({ stage_title: 'De su familia', text: pregunta, asked_by: 'Anna' });
    await t.caller(grandma.id).questions.answer({ id: asked!.id });
    await t.caller(grandma.id).stories.publish({ title: 'Mi vida', text: `${storyHtml(1)}<h2>${pregunta}</h2><p>Íbamos al río.</p>` });
    const [mail] = (await mailTo(t, anna.email)).filter((m) => m.subject === 'Rose ha respondido a su pregunta');
    expect(mail!.text).toContain('Hola, Anna:');
    expect(mail!.text).toContain(`Usted le preguntó a Rose: «${pregunta}»`);
    expect(mail!.text).toContain('Rose la ha respondido en su historia en Life Story.');
  });
});
