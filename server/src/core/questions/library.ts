// The question library the server offers from (contract/questions/), one file per language with the same ids
// (docs/decisions/0028-questions-by-life-stage.md, 0042-interface-languages.md). An answer is kept by its id; the
// words shown are the reader's language's.
import { DEFAULT_LOCALE, type Locale } from '../../contract/locale';
import { QUESTIONS_EN } from '../../contract/questions/questions.en';
import { QUESTIONS_ES } from '../../contract/questions/questions.es';
import type { LibraryQuestion, QuestionLibrary } from '../../contract/questions/stages';

const LIBRARIES: Record<Locale, QuestionLibrary> = { en: QUESTIONS_EN, es: QUESTIONS_ES };

/** The English library: the order and the stages of every language's (the same ids). */
export const LIBRARY: QuestionLibrary = QUESTIONS_EN;

const byId = Object.fromEntries(
  Object.entries(LIBRARIES).map(([locale, lib]) => [locale, new Map(lib.questions.map((q) => [q.id, q]))]),
) as Record<Locale, Map<string, LibraryQuestion>>;

/** The library in a language (English when none is given). */
export function library(locale: Locale = DEFAULT_LOCALE): QuestionLibrary {
  return LIBRARIES[locale];
}

/** A question of the library in a language, or undefined for an id it does not hold. */
export function libraryQuestion(id: string, locale: Locale = DEFAULT_LOCALE): LibraryQuestion | undefined {
  return byId[locale].get(id);
}

/** Every language's words for a question: a chapter begun from it may carry any of them as its heading. */
export function questionTexts(id: string): string[] {
  return Object.values(byId).flatMap((m) => m.get(id)?.text ?? []);
}
