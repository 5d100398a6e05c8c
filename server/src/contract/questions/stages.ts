// The stages of a life the question library is sorted by (docs/decisions/0028-questions-by-life-stage.md), in the
// order a life goes: the picker and "Your life so far" list them in this order. Ids are stored (question_answers.stage)
// and never renamed; each language's file gives their titles. No imports: the client may use it as it is.

export const STAGES = [
  'roots-and-family',
  'early-childhood',
  'school',
  'growing-up',
  'work',
  'love-and-partnership',
  'raising-a-family',
  'places-and-journeys',
  'hard-times',
  'later-life',
  'beliefs-and-lessons',
  'for-the-grandchildren',
] as const;

export type StageId = (typeof STAGES)[number];

export function isStage(value: string): value is StageId {
  return (STAGES as readonly string[]).includes(value);
}

/** One question of the library: its id (`<stage>-<three digits>`, never reused), its stage and its words. */
export interface LibraryQuestion {
  id: string;
  stage: StageId;
  text: string;
}

/** The library in one language: a title for every stage and the questions, in the order they are offered. */
export interface QuestionLibrary {
  language: string;
  stageTitles: Record<StageId, string>;
  questions: readonly LibraryQuestion[];
}

/** The shape of a library question's id. */
export const QUESTION_ID = /^([a-z]+(?:-[a-z]+)*)-(\d{3})$/;
