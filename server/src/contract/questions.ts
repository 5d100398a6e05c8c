// Questions by life stage (issue #25, docs/decisions/0028-questions-by-life-stage.md): the picker on the write screen
// ("Need an idea? Answer a question") and "Your life so far". The questions themselves are in questions/.
import { z } from 'zod';
import { STAGES } from './questions/stages';

export const NO_SUCH_QUESTION = 'There is no such question.';
/** How many questions the picker shows at once. */
export const QUESTIONS_SHOWN = 3;
/** At most this many ids in "Show me others"'s list of questions already shown. */
export const MAX_EXCLUDED_QUESTIONS = 200;

const questionId = z
  .string({ required_error: 'Say which question.', invalid_type_error: NO_SUCH_QUESTION })
  .max(80, NO_SUCH_QUESTION)
  .regex(/^[a-z0-9-]+$/, NO_SUCH_QUESTION);

export const questionIdInput = z.object({ id: questionId });
export type QuestionIdInput = z.output<typeof questionIdInput>;

export const suggestQuestionsInput = z
  .object({
    /** The questions already shown ("Show me others"): others come first, and these again once none is left. */
    exclude: z.array(questionId).max(MAX_EXCLUDED_QUESTIONS, 'Too many questions to leave out.').default([]),
  })
  .default({});
export type SuggestQuestionsInput = z.output<typeof suggestQuestionsInput>;

export const stageIdSchema = z.enum(STAGES);

export const suggestedQuestionOutput = z.object({
  id: z.string(),
  stage: stageIdSchema,
  stage_title: z.string(),
  text: z.string(),
  /** Kept for later by the writer. */
  kept: z.boolean(),
  /** The name of the reader who asked it ("Asked by Anna"); null for the library's questions. */
  asked_by: z.string().nullable(),
});
export type SuggestedQuestion = z.output<typeof suggestedQuestionOutput>;

export const suggestQuestionsOutput = z.object({
  questions: z.array(suggestedQuestionOutput),
  /** True when every other question had been shown, so some of `exclude` came back: start the list again. */
  wrapped: z.boolean(),
});
export type SuggestedQuestions = z.output<typeof suggestQuestionsOutput>;

/** After answer, dismiss or later: the question's new state. */
export const questionStateOutput = z.object({ id: z.string(), state: z.enum(['answered', 'dismissed', 'later']) });

export const lifeStageOutput = z.object({
  stage: stageIdSchema,
  title: z.string(),
  /** Chapters (h2) of the current text tied to a question of this stage. */
  chapters: z.number().int(),
  /** Their words, heading excluded, up to the next chapter. */
  words: z.number().int(),
});
export type LifeStage = z.output<typeof lifeStageOutput>;

export const lifeSoFarOutput = z.object({
  /** Every stage, in the order of a life, written or not. */
  stages: z.array(lifeStageOutput),
  /** "Chapters of your own": chapters tied to no question. */
  own: z.object({ chapters: z.number().int(), words: z.number().int() }),
  /** Words before the first chapter heading (no chapter holds them). */
  opening_words: z.number().int(),
});
export type LifeSoFar = z.output<typeof lifeSoFarOutput>;
