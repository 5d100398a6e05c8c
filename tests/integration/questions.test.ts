// Issue #25: questions by life stage (docs/decisions/0028-questions-by-life-stage.md). The picker's three questions,
// "Show me others", answers and "Not for me" remembered, and "Your life so far" counted from the current text, through
// tRPC (in-process callers and over HTTP). Runs on SQLite (server) and PostgreSQL (server-pg).
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SUCH_QUESTION } from '../../server/src/contract/questions';
import { QUESTIONS_EN } from '../../server/src/contract/questions/questions.en';
import { QUESTIONS_ES } from '../../server/src/contract/questions/questions.es';
import { makeTestApp, signedInPerson, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t.close());

const q = (path: string, input?: unknown) =>
  `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;
const textOf = (id: string) => QUESTIONS_EN.questions.find((x) => x.id === id)!.text;

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

describe('questions.suggest', () => {
  it('gives a new writer three questions of three stages, with the stage names, and three others on "Show me others"', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    const first = await api.questions.suggest();
    expect(first.wrapped).toBe(false);
    expect(first.questions.map((x) => [x.id, x.stage_title])).toEqual([
      ['roots-and-family-001', 'Roots and family'],
      ['early-childhood-001', 'Early childhood'],
      ['school-001', 'School days'],
    ]);
    expect(first.questions[0]).toMatchObject({ text: textOf('roots-and-family-001'), kept: false, asked_by: null });
    const others = await api.questions.suggest({ exclude: first.questions.map((x) => x.id) });
    expect(others.questions.map((x) => x.stage)).toEqual(['growing-up', 'work', 'love-and-partnership']);
  });

  it('never offers an answered or dismissed question again, and prefers stages the story does not cover', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    expect(await api.questions.answer({ id: 'roots-and-family-001' })).toEqual({ id: 'roots-and-family-001', state: 'answered' });
    expect(await api.questions.dismiss({ id: 'early-childhood-001' })).toEqual({ id: 'early-childhood-001', state: 'dismissed' });
    // The answer's chapter is in the draft: its stage is covered, so it comes after the stages not written yet.
    await api.drafts.autosave({
      title: 'Me',
      text: `<h2>${textOf('roots-and-family-001')}</h2><p>In a small town by the sea.</p>`,
      base_version: 0,
      draft_version: 0,
    });
    const got = await api.questions.suggest();
    expect(got.questions.map((x) => x.id)).toEqual(['early-childhood-002', 'school-001', 'growing-up-001']);
    // Asked for everything, the library comes round again without the two.
    const seen = new Set<string>();
    let exclude: string[] = [];
    for (let i = 0; i < 60; i++) {
      const page = await api.questions.suggest({ exclude });
      const fresh = page.questions.map((x) => x.id).filter((id) => !exclude.includes(id));
      for (const id of fresh) seen.add(id);
      exclude = [...exclude, ...fresh];
      if (page.wrapped) break;
    }
    expect(seen.size).toBe(QUESTIONS_EN.questions.length - 2);
    expect(seen.has('roots-and-family-001')).toBe(false);
    expect(seen.has('early-childhood-001')).toBe(false);
    // The covered stage's questions came last.
    expect(exclude.slice(-12).every((id) => id.startsWith('roots-and-family-'))).toBe(true);
  });

  it('lets "Not for me" never undo an answer, and an answer replace "Not for me" or "later"', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    await api.questions.answer({ id: 'work-001' });
    expect(await api.questions.dismiss({ id: 'work-001' })).toEqual({ id: 'work-001', state: 'answered' });
    expect(await api.questions.later({ id: 'work-001' })).toEqual({ id: 'work-001', state: 'answered' });
    await api.questions.dismiss({ id: 'work-002' });
    expect(await api.questions.answer({ id: 'work-002' })).toEqual({ id: 'work-002', state: 'answered' });
    // Kept for later: offered first, marked so.
    await api.questions.later({ id: 'later-life-005' });
    const got = await api.questions.suggest();
    expect(got.questions[0]).toMatchObject({ id: 'later-life-005', kept: true });
  });

  it('refuses an unknown question, a bad id and a visitor', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    await expectCode(api.questions.answer({ id: 'school-999' }), 'NOT_FOUND', NO_SUCH_QUESTION);
    await expectCode(api.questions.dismiss({ id: '<b>' }), 'BAD_REQUEST');
    await expectCode(api.questions.suggest({ exclude: Array.from({ length: 201 }, () => 'school-001') }), 'BAD_REQUEST');
    const visitor = t.client();
    expect((await visitor.get(q('questions.suggest'))).status).toBe(401);
    expect((await visitor.post('/trpc/questions.answer', { id: 'school-001' })).status).toBe(401);
    expect((await visitor.get(q('questions.lifeSoFar'))).status).toBe(401);
  });

  it('works over HTTP as the client calls it', async () => {
    const me = await signedInPerson(t);
    const suggested = await me.client.get(q('questions.suggest', { exclude: ['roots-and-family-001'] }));
    expect(suggested.status, suggested.text).toBe(200);
    expect(suggested.body.result.data.questions.map((x: { id: string }) => x.id)[0]).toBe('early-childhood-001');
    const answered = await me.client.post('/trpc/questions.answer', { id: 'school-001' });
    expect(answered.status, answered.text).toBe(200);
    const again = await me.client.get(q('questions.suggest'));
    expect(again.body.result.data.questions.map((x: { id: string }) => x.id)).not.toContain('school-001');
  });
});

describe('questions.lifeSoFar', () => {
  it('counts chapters and words per stage from the draft, else the published story; other chapters are the writer’s own', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    const empty = await api.questions.lifeSoFar();
    expect(empty.stages.map((s) => s.stage)).toEqual(
      QUESTIONS_EN.questions.map((x) => x.stage).filter((s, i, all) => all.indexOf(s) === i),
    );
    expect(empty.stages.every((s) => s.chapters === 0 && s.words === 0)).toBe(true);
    expect(empty).toMatchObject({ own: { chapters: 0, words: 0 }, opening_words: 0 });

    await api.questions.answer({ id: 'school-003' });
    const published = await api.stories.publish({
      title: 'My life',
      text: `<p>Hello.</p><h2>${textOf('school-003')}</h2><p>Miss Hale, who read to us.</p><h2>The war years</h2><p>Cold.</p>`,
    });
    const afterPublish = await api.questions.lifeSoFar();
    expect(afterPublish.stages.find((s) => s.stage === 'school')).toEqual({ stage: 'school', title: 'School days', chapters: 1, words: 6 });
    expect(afterPublish).toMatchObject({ own: { chapters: 1, words: 1 }, opening_words: 1 });

    // The draft, once there is one, is what counts: the heading edited to other words is a chapter of their own now.
    await api.drafts.autosave({
      title: 'My life',
      text: '<h2>Miss Hale</h2><p>Who read to us.</p>',
      base_version: published.version,
      draft_version: published.draft_version,
    });
    const edited = await api.questions.lifeSoFar();
    expect(edited.stages.find((s) => s.stage === 'school')?.chapters).toBe(0);
    expect(edited.own).toEqual({ chapters: 1, words: 4 });
  });
});

describe('questions in the writer’s language (docs/decisions/0042-interface-languages.md)', () => {
  const es = (id: string) => QUESTIONS_ES.questions.find((x) => x.id === id)!.text;

  it('suggests Spanish questions to a Spanish request, the account’s language first; an answer stays stored by id', async () => {
    const me = await signedInPerson(t);
    const spanish = await me.client.get(q('questions.suggest'), { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(spanish.status, spanish.text).toBe(200);
    expect(
      spanish.body.result.data.questions.map((x: { id: string; stage_title: string; text: string }) => [x.id, x.stage_title, x.text]),
    ).toEqual([
      ['roots-and-family-001', 'Raíces y familia', es('roots-and-family-001')],
      ['early-childhood-001', 'Primera infancia', es('early-childhood-001')],
      ['school-001', 'Los años de escuela', es('school-001')],
    ]);
    // The same ids in English for an English request.
    const english = await me.client.get(q('questions.suggest'), { headers: { 'accept-language': 'en' } });
    expect(english.body.result.data.questions[0]).toMatchObject({ id: 'roots-and-family-001', text: textOf('roots-and-family-001') });

    // The account's setting wins over the browser's.
    expect((await me.client.post('/trpc/accounts.setLocale', { locale: 'es' })).status).toBe(200);
    const chosen = await me.client.get(q('questions.suggest'), { headers: { 'accept-language': 'en' } });
    expect(chosen.body.result.data.questions[0].text).toBe(es('roots-and-family-001'));

    // Answered in Spanish: kept by its id, and its Spanish chapter counts for its stage, with the stage's Spanish title.
    expect((await me.client.post('/trpc/questions.answer', { id: 'school-003' })).status).toBe(200);
    const rows = await t.deps.db
      .selectFrom('question_answers')
      .select(['question_id', 'stage', 'heading'])
      .where('user_id', '=', me.id)
      .execute();
    expect(rows).toEqual([{ question_id: 'school-003', stage: 'school', heading: es('school-003') }]);
    await t.caller(me.id).stories.publish({ title: 'Mi vida', text: `<h2>${es('school-003')}</h2><p>La señorita Hale nos leía.</p>` });
    const life = await me.client.get(q('questions.lifeSoFar'));
    expect(life.body.result.data.stages.find((s: { stage: string }) => s.stage === 'school')).toEqual({
      stage: 'school',
      title: 'Los años de escuela',
      chapters: 1,
      words: 5,
    });
    const others = await me.client.get(q('questions.suggest'));
    expect(others.body.result.data.questions.map((x: { id: string }) => x.id)).not.toContain('school-003');
  });

  it('counts a chapter begun from a question in either language, whichever the writer reads now', async () => {
    const me = await signedInPerson(t);
    const api = t.caller(me.id);
    await api.questions.answer({ id: 'work-004' });
    await api.stories.publish({ title: 'My life', text: `<h2>${es('work-004')}</h2><p>Don Luis.</p>` });
    const life = await api.questions.lifeSoFar();
    expect(life.stages.find((s) => s.stage === 'work')).toMatchObject({ title: 'Work', chapters: 1 });
  });
});
