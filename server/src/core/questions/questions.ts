// The question picker and "Your life so far" (issue #25, docs/decisions/0028-questions-by-life-stage.md): what the
// writer did with each question is kept in question_answers; which stages the story covers is read from the current
// text (the draft if there is one, else the published story) each time it is asked.
import type { Kysely } from 'kysely';
import {
  type LifeSoFar,
  NO_SUCH_QUESTION,
  QUESTIONS_SHOWN,
  type QuestionIdInput,
  type SuggestedQuestions,
  type SuggestQuestionsInput,
} from '../../contract/questions';
import { isStage, STAGES, type StageId } from '../../contract/questions/stages';
import { AppError } from '../../contract/errors';
import type { Database, QuestionState } from '../../db/schema';
import { serializedWrite } from '../../db/transaction';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { chaptersOf } from './chapters';
import { type Candidate, chooseQuestions } from './choose-questions';
import { type AskedCandidate, isAskedId, setAskedState, waitingAsked } from './family-asks';
import { library, libraryQuestion, questionTexts } from './library';
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale';
import { interfaceLocaleOf } from '../accounts/interface-locale';
import { serverIntl } from '../shared/interface-intl';
import { type LifeCounts, lifeCounts } from './life-so-far';

/** The text the writer sees in the editor: the draft while there is one, else the published story ('' for none). */
async function currentText(db: Kysely<Database>, userId: number): Promise<string> {
  const draft = await db.selectFrom('drafts').select(['unsafe_html', 'saved_at']).where('user_id', '=', userId).executeTakeFirst();
  if (draft?.saved_at != null && draft.unsafe_html !== null) return draft.unsafe_html;
  const story = await db.selectFrom('stories').select('body_html').where('user_id', '=', userId).executeTakeFirst();
  return story?.body_html ?? '';
}

async function answerRows(db: Kysely<Database>, userId: number) {
  return db.selectFrom('question_answers').select(['question_id', 'stage', 'state', 'heading']).where('user_id', '=', userId).execute();
}

/** The counts per stage of the writer's current text, from their answers. */
async function countLife(db: Kysely<Database>, userId: number, rows?: Awaited<ReturnType<typeof answerRows>>): Promise<LifeCounts> {
  const answers = rows ?? (await answerRows(db, userId));
  // A chapter begun from a library question counts for its stage in any language's words (the writer may have
  // changed language since); the kept heading is the words they were shown.
  const answered = answers.flatMap((r) => {
    const stage = r.stage;
    if (r.state !== 'answered' || !r.heading || !stage || !isStage(stage)) return [];
    const headings = new Set([r.heading, ...questionTexts(r.question_id)]);
    return [...headings].map((heading) => ({ stage, heading }));
  });
  return lifeCounts(chaptersOf(await currentText(db, userId)), answered, STAGES);
}

/** What the picker and the weekly email choose from (ADR 0028's rule, chooseQuestions), loaded one way for both. */
export interface QuestionFacts {
  /** The questions the family asked and still waiting (first; docs/decisions/0032-the-family-asks.md), then the library. */
  candidates: Candidate[];
  /** The family's questions by id, with who asked. */
  asked: Map<string, AskedCandidate>;
  /** What the writer did with each question (an asked one's state is its own row's). */
  states: Map<string, QuestionState>;
  coveredStages: Set<StageId>;
}

export async function questionFacts(db: Kysely<Database>, userId: number): Promise<QuestionFacts> {
  const rows = await answerRows(db, userId);
  const life = await countLife(db, userId, rows);
  const asked = await waitingAsked(db, userId);
  const states = new Map(rows.map((r) => [r.question_id, r.state]));
  for (const a of asked) if (a.kept) states.set(a.id, 'later');
  return {
    candidates: [...asked.map((a) => ({ id: a.id, stage: null, askedBy: a.askedBy })), ...library().questions],
    asked: new Map(asked.map((a) => [a.id, a])),
    states,
    coveredStages: new Set(life.stages.filter((s) => s.chapters > 0).map((s) => s.stage)),
  };
}

/**
 * The language the writer reads questions in (docs/decisions/0042-interface-languages.md): the account's setting,
 * else the request's (`ctx.locale`), else English.
 */
export async function questionLocale(deps: CoreDeps, userId: number, requestLocale?: Locale): Promise<Locale> {
  return (await interfaceLocaleOf(deps, userId)) ?? requestLocale ?? DEFAULT_LOCALE;
}

/** Three questions to start a chapter from (fewer once nearly all are answered or dismissed), in the writer's language. */
export async function suggestQuestions(
  deps: CoreDeps,
  { userId }: SignedInActor,
  input: SuggestQuestionsInput,
  requestLocale?: Locale,
): Promise<SuggestedQuestions> {
  const locale = await questionLocale(deps, userId, requestLocale);
  const lib = library(locale);
  const fromFamily = serverIntl(locale).formatMessage({ id: 'questions.fromFamily', defaultMessage: 'From your family' });
  const facts = await questionFacts(deps.db, userId);
  const choice = chooseQuestions({ ...facts, stages: STAGES, exclude: new Set(input.exclude), count: QUESTIONS_SHOWN });
  return {
    questions: choice.questions.map((c) => {
      const a = facts.asked.get(c.id);
      if (a) return { id: a.id, stage: null, stage_title: fromFamily, text: a.text, kept: a.kept, asked_by: a.askedBy };
      const q = libraryQuestion(c.id, locale)!;
      return {
        id: q.id,
        stage: q.stage,
        stage_title: lib.stageTitles[q.stage],
        text: q.text,
        kept: facts.states.get(q.id) === 'later',
        asked_by: null,
      };
    }),
    wrapped: choice.wrapped,
  };
}

/**
 * Keeps what the writer did with a question, by its id. An answer (the question chosen: its chapter heading, the
 * question's words in the writer's language, was added to the draft) replaces any other state; "Not for me" and
 * "later" never replace an answer.
 */
async function setState(
  deps: CoreDeps,
  userId: number,
  { id }: QuestionIdInput,
  state: QuestionState,
  requestLocale?: Locale,
): Promise<{ id: string; state: QuestionState }> {
  if (isAskedId(id)) return setAskedState(deps, userId, id, state);
  const question = libraryQuestion(id, state === 'answered' ? await questionLocale(deps, userId, requestLocale) : undefined);
  if (!question) throw new AppError('NOT_FOUND', NO_SUCH_QUESTION);
  const values = { state, stage: question.stage as StageId, heading: state === 'answered' ? question.text : null, at: deps.clock.now() };
  const stored = await serializedWrite(deps.db, async (db) => {
    await db
      .insertInto('question_answers')
      .values({ user_id: userId, question_id: id, ...values })
      .onConflict((oc) => {
        const update = oc.columns(['user_id', 'question_id']).doUpdateSet(values);
        return state === 'answered' ? update : update.where('question_answers.state', '<>', 'answered');
      })
      .execute();
    return db
      .selectFrom('question_answers')
      .select('state')
      .where('user_id', '=', userId)
      .where('question_id', '=', id)
      .executeTakeFirstOrThrow();
  });
  return { id, state: stored.state };
}

export const answerQuestion = (deps: CoreDeps, actor: SignedInActor, input: QuestionIdInput, requestLocale?: Locale) =>
  setState(deps, actor.userId, input, 'answered', requestLocale);
export const dismissQuestion = (deps: CoreDeps, actor: SignedInActor, input: QuestionIdInput) =>
  setState(deps, actor.userId, input, 'dismissed');
export const keepQuestionForLater = (deps: CoreDeps, actor: SignedInActor, input: QuestionIdInput) =>
  setState(deps, actor.userId, input, 'later');

/** "Your life so far": every stage with its chapters and words, the writer's own chapters, and the opening's words. */
export async function lifeSoFar(deps: CoreDeps, { userId }: SignedInActor, requestLocale?: Locale): Promise<LifeSoFar> {
  const life = await countLife(deps.db, userId);
  const { stageTitles } = library(await questionLocale(deps, userId, requestLocale));
  return {
    stages: life.stages.map((s) => ({ ...s, title: stageTitles[s.stage] })),
    own: life.own,
    opening_words: life.openingWords,
  };
}
