// The question library the server offers from (contract/questions/). English only today; another language is
// another file of the same ids (docs/decisions/0028-questions-by-life-stage.md).
import { QUESTIONS_EN } from '../../contract/questions/questions.en';
import type { LibraryQuestion, QuestionLibrary } from '../../contract/questions/stages';

export const LIBRARY: QuestionLibrary = QUESTIONS_EN;

const byId = new Map(LIBRARY.questions.map((q) => [q.id, q]));

export function libraryQuestion(id: string): LibraryQuestion | undefined {
  return byId.get(id);
}
