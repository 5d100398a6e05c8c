// The one question of a weekly email (docs/decisions/0031-one-question-a-week.md), by the picker's own rule
// (chooseQuestions, ADR 0028): questions the family asked first, then stages the story does not cover yet; never an
// answered or dismissed one. Questions already emailed come after every other (the picker's "Show me others"), and
// the last one emailed is never the next, so an unanswered question is not asked twice in a row.
import { AppError } from '../../contract/errors';
import { STAGES } from '../../contract/questions/stages';
import { NO_SUCH_QUESTION_LINK, type OpenedQuestion } from '../../contract/weekly-question';
import type { CoreDeps } from '../shared/core-deps';
import { chooseQuestions } from '../questions/choose-questions';
import { LIBRARY, libraryQuestion } from '../questions/library';
import { lifeSoFar } from '../questions/questions';

export async function pickWeeklyQuestion(deps: CoreDeps, userId: number, lastQuestionId: string | null): Promise<OpenedQuestion | null> {
  const states = await deps.db.selectFrom('question_answers').select(['question_id', 'state']).where('user_id', '=', userId).execute();
  const sent = await deps.db.selectFrom('weekly_question_sends').select('question_id').where('user_id', '=', userId).execute();
  const life = await lifeSoFar(deps, { userId, sessionId: null, signedInAt: null, clientKey: 'weekly-question' });
  const choice = chooseQuestions({
    candidates: LIBRARY.questions,
    stages: STAGES,
    states: new Map(states.map((r) => [r.question_id, r.state])),
    coveredStages: new Set(life.stages.filter((s) => s.chapters > 0).map((s) => s.stage)),
    exclude: new Set(sent.map((r) => r.question_id)),
    count: 2,
  });
  const pick = choice.questions.find((c) => c.id !== lastQuestionId);
  const q = pick && libraryQuestion(pick.id);
  return q ? { id: q.id, text: q.text } : null;
}

/** The question an emailed link names, for the write screen to start its chapter (`/story/write?question=<id>`). */
export function openQuestion(id: string): OpenedQuestion {
  const q = libraryQuestion(id);
  if (!q) throw new AppError('NOT_FOUND', NO_SUCH_QUESTION_LINK);
  return { id: q.id, text: q.text };
}
