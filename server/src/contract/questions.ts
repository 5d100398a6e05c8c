// Questions by life stage (issue #25, docs/decisions/0028-questions-by-life-stage.md): the picker on the write screen
// ("Need an idea? Answer a question") and "Your life so far". The questions themselves are in questions/.
import { z } from 'zod';
import { STAGES } from './questions/stages';
import { storyUsernameSchema } from './stories';

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
  /** The library's stage; null for a question the family asked (docs/decisions/0032-the-family-asks.md). */
  stage: stageIdSchema.nullable(),
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

// The family asks (docs/decisions/0032-the-family-asks.md): a reader of the writer's circle asks the writer a question.
export const ASKED_QUESTION_MIN = 5;
export const ASKED_QUESTION_MAX = 300;
/** Questions one reader may ask one writer in seven days. */
export const ASKS_PER_WEEK = 3;
/** Questions waiting (open or kept for later) in one writer's picker at most. */
export const MAX_WAITING_ASKED = 30;
/** The id an asked question has in the picker: its row id after this prefix. */
export const ASKED_ID_PREFIX = 'asked-';

export const QUESTION_TOO_SHORT = `Please write at least ${ASKED_QUESTION_MIN} characters.`;
export const QUESTION_TOO_LONG = `Please keep your question to ${ASKED_QUESTION_MAX} characters or fewer.`;

/** One line of plain text: control characters and runs of spaces and line breaks become one space. */
const askedText = z
  .string({ required_error: 'Please write your question.', invalid_type_error: 'Please write your question.' })
  .max(ASKED_QUESTION_MAX * 4, QUESTION_TOO_LONG)
  .transform((s) => s.replace(/[\u0000-\u001f\u007f\s]+/g, ' ').trim())
  .pipe(z.string().min(ASKED_QUESTION_MIN, QUESTION_TOO_SHORT).max(ASKED_QUESTION_MAX, QUESTION_TOO_LONG));

export const askQuestionInput = z.object({ username: storyUsernameSchema, text: askedText });
export type AskQuestionInput = z.output<typeof askQuestionInput>;
export const askQuestionOutput = z.object({ asked: z.literal(true) });

export const askableInput = z.object({ username: storyUsernameSchema });
export type AskableInput = z.output<typeof askableInput>;
/** Whether the viewer may ask the writer a question, and the writer's name for the button. */
export const askableOutput = z.object({ can_ask: z.boolean(), name: z.string().nullable() });
export type Askable = z.output<typeof askableOutput>;
