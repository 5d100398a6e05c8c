// The one question of a weekly email (docs/decisions/0031-one-question-a-week.md), by the picker's own rule
// (chooseQuestions, ADR 0028) and from the picker's own facts (questionFacts): questions the family asked and still
// waiting first (ADR 0032), then stages the story does not cover yet; never an answered or dismissed one. Questions
// already emailed come after every other (the picker's "Show me others"), and the last one emailed is never the
// next, so an unanswered question is not asked twice in a row.
import { AppError } from '../../contract/errors';
import { STAGES } from '../../contract/questions/stages';
import { NO_SUCH_QUESTION_LINK, type OpenedQuestion } from '../../contract/weekly-question';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { chooseQuestions } from '../questions/choose-questions';
import { askedQuestionOf, isAskedId } from '../questions/family-asks';
import { libraryQuestion } from '../questions/library';
import { questionFacts, questionLocale } from '../questions/questions';
import type { Locale } from '../../contract/locale';

export interface WeeklyQuestion extends OpenedQuestion {
  /** Who of the family asked it ("Anna"), or null for a question of the library. */
  askedBy: string | null;
}

/** The week's question, in `locale` (the recipient's language) for a question of the library. */
export async function pickWeeklyQuestion(
  deps: CoreDeps,
  userId: number,
  lastQuestionId: string | null,
  locale?: Locale,
): Promise<WeeklyQuestion | null> {
  const facts = await questionFacts(deps.db, userId);
  const sent = await deps.db.selectFrom('weekly_question_sends').select('question_id').where('user_id', '=', userId).execute();
  const choice = chooseQuestions({ ...facts, stages: STAGES, exclude: new Set(sent.map((r) => r.question_id)), count: 2 });
  const pick = choice.questions.find((c) => c.id !== lastQuestionId);
  if (!pick) return null;
  const asked = facts.asked.get(pick.id);
  if (asked) return { id: asked.id, text: asked.text, askedBy: asked.askedBy };
  const q = libraryQuestion(pick.id, locale);
  return q ? { id: q.id, text: q.text, askedBy: null } : null;
}

/**
 * The question an emailed link names, for the write screen to start its chapter (`/story/write?question=<id>`): a
 * question of the library (in the writer's language), or one asked of this writer (anyone else's is "no longer available", as an unknown id).
 */
export async function openQuestion(deps: CoreDeps, { userId }: SignedInActor, id: string, requestLocale?: Locale): Promise<OpenedQuestion> {
  const q = isAskedId(id)
    ? await askedQuestionOf(deps.db, userId, id)
    : libraryQuestion(id, await questionLocale(deps, userId, requestLocale));
  if (!q) throw new AppError('NOT_FOUND', NO_SUCH_QUESTION_LINK);
  return { id: q.id, text: q.text };
}
