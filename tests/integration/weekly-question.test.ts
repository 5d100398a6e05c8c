// One question a week by email (docs/decisions/0031-one-question-a-week.md), through the real surfaces: tRPC, the
// outbox on disk, the unsubscribe page, and a reply sent by a real SMTP client to the real receiver (ADR 0030). The
// clock is a fake one the test moves. Runs on SQLite (server) and PostgreSQL (server-pg).
import type { ParsedMail } from 'mailparser';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIBRARY, libraryQuestion } from '../../server/src/core/questions/library';
import { sendWeeklyQuestions } from '../../server/src/core/weekly-question/send-weekly-questions';
import { scheduleWeeklyQuestions, WEEKLY_QUESTION_EVERY_MS } from '../../server/src/core/weekly-question/weekly-schedule';
import { ADVISORY_LOCK_SPACE, LOCKS } from '../../server/src/db/dialect';
import { startInboundSmtp } from '../../server/src/transport/smtp/inbound-smtp';
import { DAY, FakeClock } from '../support/fake-clock';
import { mailTo, settle } from '../support/outbox';
import { smtpClient } from '../support/reply-mail';
import { makeTestApp, ORIGIN, person, signedInPerson, type TestApp } from '../support/test-app';

let t: TestApp;
let clock: FakeClock;

beforeEach(async () => {
  clock = new FakeClock(); // Monday 15 June 2026, noon UTC
  t = await makeTestApp({ clock });
});
afterEach(async () => t?.close());

const HOUR = 60 * 60_000;
const WEEK = 7 * DAY;
/** Tuesday 16 June 2026, 10:00 in London (09:00 UTC): the chosen time of these tests. */
const TUESDAY_10_LONDON = Date.UTC(2026, 5, 16, 9);
const TUESDAY = { day: 2, minute: 600, time_zone: 'Europe/London' };

const send = () => sendWeeklyQuestions(t.deps, { origin: ORIGIN });
/** The setting as the settings screen reads it (a caller: the test moves the clock past the session's life). */
const setting = (me: { id: number }) => t.caller(me.id, { signedInAt: clock.t }).weeklyQuestion.get();
const as = (me: { id: number }) => t.caller(me.id, { signedInAt: clock.t }).weeklyQuestion;
const questionMails = async (to: string) => (await mailTo(t, to)).filter((m) => m.subject?.startsWith('Your question this week'));
const header = (mail: ParsedMail, name: string) => {
  const line = mail.headerLines.find((h) => h.key === name)?.line;
  return line?.slice(line.indexOf(':') + 1).trim();
};
const linkIn = (mail: ParsedMail, path: string) => {
  const m = (mail.text ?? '').match(new RegExp(`${ORIGIN}${path}[^\\s]+`));
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[0].slice(ORIGIN.length);
};
/** The first question of the library: a new writer's first email asks it (the first stage, not yet covered). */
const FIRST = LIBRARY.questions[0]!;

async function optedIn() {
  const me = await signedInPerson(t, { first_name: 'Margaret' });
  const on = await me.client.post('/trpc/weeklyQuestion.set', TUESDAY);
  expect(on.status, on.text).toBe(200);
  expect(on.body.result.data).toEqual({ state: 'on', ...TUESDAY, next_at: new Date(TUESDAY_10_LONDON).toISOString() });
  return me;
}

describe('one question a week', () => {
  it('sends one email at the chosen time, with the question, its link, a Reply-To and one-click unsubscribe', async () => {
    const me = await optedIn();
    expect(await send()).toBe(0);
    clock.t = TUESDAY_10_LONDON - 60_000;
    expect(await send()).toBe(0);
    clock.t = TUESDAY_10_LONDON + 30_000;
    // Three runs at once (instances, or a slow timer): one email.
    expect((await Promise.all([send(), send(), send()])).reduce((a, b) => a + b, 0)).toBe(1);
    expect(await send()).toBe(0);
    const [mail, ...more] = await questionMails(me.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your question this week: ${FIRST.text}`);
    expect(mail!.text).toContain('Hello Margaret,');
    expect(mail!.text).toContain(`“${FIRST.text}”`);
    expect(mail!.text).toContain('Or simply reply to this email.');
    expect(linkIn(mail!, '/story/write')).toBe(`/story/write?question=${FIRST.id}`);
    expect(mail!.html).toContain(`href="${ORIGIN}/story/write?question=${FIRST.id}"`);
    expect(mail!.html).toContain('Or simply reply to this email.');
    expect(mail!.html).not.toMatch(/<img/i);
    expect(header(mail!, 'reply-to')).toMatch(new RegExp(`^reply\\+[0-9a-f]{32}@${t.config.inboundMail.domain}$`));
    const unsubscribe = linkIn(mail!, '/unsubscribe/question/');
    expect(header(mail!, 'list-unsubscribe')).toBe(`<${ORIGIN}${unsubscribe}>`);
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The next is a week on.
    expect((await setting(me)).next_at).toBe(new Date(TUESDAY_10_LONDON + WEEK).toISOString());

    // The link's question, for the write screen's chapter; then the picker's answer records it.
    const opened = await me.client.get(`/trpc/weeklyQuestion.question?input=${encodeURIComponent(JSON.stringify({ id: FIRST.id }))}`);
    expect(opened.body.result.data).toEqual({ id: FIRST.id, text: FIRST.text });
    const gone = await me.client.get(`/trpc/weeklyQuestion.question?input=${encodeURIComponent(JSON.stringify({ id: 'no-such-999' }))}`);
    expect(gone.status).toBe(404);
  });

  it('takes a reply to its Reply-To into the draft as a chapter, and asks another question the next week', async () => {
    const me = await optedIn();
    expect((await me.client.post('/api/stories/save', { title: 'My life', text: '<p>Where it began.</p>' })).status).toBe(201);
    clock.t = TUESDAY_10_LONDON;
    expect(await send()).toBe(1);
    const [mail] = await questionMails(me.email);
    const replyTo = header(mail!, 'reply-to')!;
    const receiver = await startInboundSmtp(t.deps, { host: '127.0.0.1', port: 0, origin: () => ORIGIN, log: () => undefined });
    try {
      const sent = await smtpClient(receiver.port).sendMail({
        from: me.email,
        to: replyTo,
        subject: `Re: ${mail!.subject}`,
        text: `My grandmother came from Cork.\n\nOn Tue, 16 Jun 2026 at 10:00, Life Story wrote:\n> ${FIRST.text}\n> Or simply reply to this email.\n`,
      });
      expect(sent.accepted).toEqual([replyTo]);
    } finally {
      await receiver.stop();
    }
    const draft = await t.caller(me.id).drafts.get();
    expect(draft.draft?.text).toContain(`<h2>${FIRST.text}</h2><p>My grandmother came from Cork.</p>`);
    const answered = await t.deps.db.selectFrom('question_answers').select(['question_id', 'state']).where('user_id', '=', me.id).execute();
    expect(answered).toEqual([{ question_id: FIRST.id, state: 'answered' }]);
    expect((await settle(t, me.email, 2)).map((m) => m.subject)).toContain('Your answer is in your draft');

    clock.t = TUESDAY_10_LONDON + WEEK;
    expect(await send()).toBe(1);
    const [, second] = await questionMails(me.email);
    expect(second!.subject).not.toContain(FIRST.text);
  });

  it('writes to a Spanish account in Spanish: the subject, the body, the question, and the reply about the answer', async () => {
    const me = await optedIn();
    expect((await me.client.post('/trpc/accounts.setLocale', { locale: 'es' })).status).toBe(200);
    const english = await signedInPerson(t, { first_name: 'Edith' });
    expect((await english.client.post('/trpc/weeklyQuestion.set', TUESDAY)).status).toBe(200);
    clock.t = TUESDAY_10_LONDON;
    expect(await send()).toBe(2);
    const question = libraryQuestion(FIRST.id, 'es')!.text;
    const [mail, ...more] = await mailTo(t, me.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Su pregunta de esta semana: ${question}`);
    expect(mail!.text).toContain('Hola, Margaret:');
    expect(mail!.text).toContain(`«${question}»`);
    expect(mail!.text).toContain('O simplemente responda a este correo.');
    expect(mail!.html).toContain('O simplemente responda a este correo.');
    expect(mail!.text).not.toContain('Or simply reply');
    expect(linkIn(mail!, '/story/write')).toBe(`/story/write?question=${FIRST.id}`);
    // The link opens the question in the writer's language on the write screen.
    const opened = await me.client.get(`/trpc/weeklyQuestion.question?input=${encodeURIComponent(JSON.stringify({ id: FIRST.id }))}`);
    expect(opened.body.result.data).toEqual({ id: FIRST.id, text: question });
    // An English account's email is unchanged.
    const [theirs] = await questionMails(english.email);
    expect(theirs!.subject).toBe(`Your question this week: ${FIRST.text}`);
    expect(theirs!.text).toContain('Hello Edith,');

    // A reply: the chapter's heading is the Spanish question, and the reply about it is Spanish too.
    const receiver = await startInboundSmtp(t.deps, { host: '127.0.0.1', port: 0, origin: () => ORIGIN, log: () => undefined });
    try {
      await smtpClient(receiver.port).sendMail({
        from: me.email,
        to: header(mail!, 'reply-to')!,
        subject: `Re: ${mail!.subject}`,
        text: `Mi abuela venía de Cork.\n\n> ${question}\n`,
      });
    } finally {
      await receiver.stop();
    }
    const draft = await t.caller(me.id).drafts.get();
    expect(draft.draft?.text).toContain(`<h2>${question}</h2><p>Mi abuela venía de Cork.</p>`);
    const replies = await settle(t, me.email, 2);
    expect(replies[1]!.subject).toBe('Su respuesta está en su borrador');
    expect(replies[1]!.text).toContain(`«${question}» es ahora un capítulo al final de su borrador.`);
  });

  it('never asks the same question twice in a row, and sends once after missed weeks', async () => {
    const me = await optedIn();
    clock.t = TUESDAY_10_LONDON;
    expect(await send()).toBe(1);
    // The server was down for five weeks: one email when it is back (a Friday), not five; the next on the chosen day,
    // at least three days on (the Tuesday after).
    clock.t = TUESDAY_10_LONDON + 5 * WEEK + 3 * DAY;
    expect(await send()).toBe(1);
    expect(await send()).toBe(0);
    const next = new Date((await setting(me)).next_at!).getTime();
    expect(next).toBe(TUESDAY_10_LONDON + 6 * WEEK);
    const subjects = (await questionMails(me.email)).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects[0]).not.toBe(subjects[1]);
  });

  it('sends nothing while paused or stopped; resuming starts again at the chosen time', async () => {
    const me = await optedIn();
    const paused = await me.client.post('/trpc/weeklyQuestion.pause', {});
    expect(paused.body.result.data).toMatchObject({ state: 'paused', next_at: null });
    clock.t = TUESDAY_10_LONDON + 2 * WEEK;
    expect(await send()).toBe(0);
    // Changing the day while paused keeps it paused.
    expect((await as(me).set({ ...TUESDAY, day: 4 })).state).toBe('paused');
    const resumed = await as(me).resume();
    // Thursday 2 July 2026, 10:00 London.
    expect(resumed).toMatchObject({ state: 'on', day: 4, next_at: new Date(Date.UTC(2026, 6, 2, 9)).toISOString() });
    clock.t = Date.UTC(2026, 6, 2, 9);
    expect(await send()).toBe(1);
    const stopped = await as(me).stop();
    expect(stopped).toMatchObject({ state: 'off', next_at: null });
    clock.t += 4 * WEEK;
    expect(await send()).toBe(0);
    expect(await questionMails(me.email)).toHaveLength(1);
    await expect(as(me).resume()).rejects.toThrow('The weekly question is not paused.');
  });

  it('sends nothing to a suspended account or an address not yet confirmed; their weeks pass', async () => {
    const me = await optedIn();
    await t.deps.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', me.id).execute();
    clock.t = TUESDAY_10_LONDON;
    expect(await send()).toBe(0);
    expect((await setting(me)).next_at).toBe(new Date(TUESDAY_10_LONDON + WEEK).toISOString());
    await t.deps.db.updateTable('users').set({ email_verified_at: clock.t, suspended_at: clock.t }).where('id', '=', me.id).execute();
    clock.t += WEEK;
    expect(await send()).toBe(0);
    await t.deps.db.updateTable('users').set({ suspended_at: null }).where('id', '=', me.id).execute();
    clock.t += WEEK;
    expect(await send()).toBe(1);
    expect(await questionMails(me.email)).toHaveLength(1);
  });

  it('unsubscribes in one POST from a mail program, with no session', async () => {
    const me = await optedIn();
    clock.t = TUESDAY_10_LONDON;
    expect(await send()).toBe(1);
    const [mail] = await questionMails(me.email);
    const oneClick = header(mail!, 'list-unsubscribe')!.slice(1, -1).slice(ORIGIN.length);
    const anonymous = t.client();
    // Opening the link only asks (mail scanners open links).
    const page = await anonymous.get(oneClick);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Stop the emails');
    expect((await setting(me)).state).toBe('on');
    const gone = await anonymous.post(oneClick, 'List-Unsubscribe=One-Click', {
      raw: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    });
    expect(gone.status).toBe(200);
    expect(gone.text).toContain('no more questions by email');
    expect((await setting(me)).state).toBe('off');
    // Twice is fine; a made-up token is refused.
    expect((await anonymous.post(oneClick, 'List-Unsubscribe=One-Click', { raw: true })).status).toBe(200);
    expect((await anonymous.post(`/unsubscribe/question/${me.id}.forged`)).status).toBe(400);
    expect((await anonymous.get('/unsubscribe/question/nope')).status).toBe(400);
    clock.t += WEEK;
    expect(await send()).toBe(0);
  });

  it('opts in at registration, with the account', async () => {
    const fields = person({ username: 'ruth_w', email: 'ruth@example.org' });
    const reg = await t
      .client()
      .post('/trpc/accounts.register', { ...fields, weekly_question: { day: 1, minute: 630, time_zone: 'America/New_York' } });
    expect(reg.status, reg.text).toBe(200);
    const row = await t.deps.db
      .selectFrom('weekly_questions')
      .select(['state', 'day', 'minute', 'time_zone', 'next_at'])
      .where('user_id', '=', await t.userId('ruth_w'))
      .executeTakeFirstOrThrow();
    // Monday 15 June, 10:30 in New York is 14:30 UTC, later today.
    expect(row).toEqual({ state: 'on', day: 1, minute: 630, time_zone: 'America/New_York', next_at: Date.UTC(2026, 5, 15, 14, 30) });
    // Unticked: nothing.
    const other = person({ username: 'sam_w', email: 'sam@example.org' });
    expect((await t.client().post('/trpc/accounts.register', other)).status).toBe(200);
    expect(await t.deps.db.selectFrom('weekly_questions').select('user_id').execute()).toHaveLength(1);
    // A bad time zone refuses the registration, with no account.
    const bad = await t.client().post('/trpc/accounts.register', {
      ...person({ username: 'lee_w', email: 'lee@example.org' }),
      weekly_question: { day: 1, minute: 600, time_zone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    expect(await t.deps.db.selectFrom('users').select('id').where('username', '=', 'lee_w').executeTakeFirst()).toBeUndefined();
  });

  it('refuses bad input and visitors', async () => {
    const me = await signedInPerson(t);
    expect((await me.client.post('/trpc/weeklyQuestion.set', { ...TUESDAY, time_zone: 'Mars/Olympus' })).status).toBe(400);
    expect((await me.client.post('/trpc/weeklyQuestion.set', { ...TUESDAY, day: 7 })).status).toBe(400);
    expect((await me.client.post('/trpc/weeklyQuestion.set', { ...TUESDAY, minute: 1440 })).status).toBe(400);
    expect((await me.client.post('/trpc/weeklyQuestion.pause', {})).status).toBe(409);
    expect(await setting(me)).toEqual({ state: 'off', day: null, minute: null, time_zone: null, next_at: null });
    expect((await t.client().post('/trpc/weeklyQuestion.set', TUESDAY)).status).toBe(401);
    expect((await t.client().get('/trpc/weeklyQuestion.get')).status).toBe(401);
  });

  it('runs on its own timer: one run at a time, one instance at a time', async () => {
    expect(WEEKLY_QUESTION_EVERY_MS).toBe(60_000);
    const me = await optedIn();
    clock.t = TUESDAY_10_LONDON;
    const failures: string[] = [];
    const schedule = scheduleWeeklyQuestions(
      { ...t.deps, runAlone: (fn) => t.deps.weeklyQuestionsAlone(fn) },
      () => ({ origin: ORIGIN }),
      (line) => failures.push(line),
    );
    try {
      expect(await Promise.all([schedule.run(), schedule.run()])).toEqual([true, false]);
      expect(await questionMails(me.email)).toHaveLength(1);
      if (t.config.databaseUrl) {
        const other = new pg.Client({ connectionString: t.config.databaseUrl });
        await other.connect();
        try {
          await other.query('SELECT pg_advisory_lock($1, $2)', [ADVISORY_LOCK_SPACE, LOCKS.weeklyQuestions]);
          clock.t += WEEK;
          expect(await schedule.run()).toBe(false);
          expect(await questionMails(me.email)).toHaveLength(1);
        } finally {
          await other.end();
        }
      }
    } finally {
      schedule.stop();
    }
    expect(failures).toEqual([]);
    expect(HOUR).toBe(3_600_000);
  });
});
