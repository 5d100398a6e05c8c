// Questions by life stage (docs/decisions/0028-questions-by-life-stage.md): the write screen's question picker and
// "Your life so far". Signed-in only, private to the writer. In the writer's language: the account's, else the request's.
import {
  askableInput,
  askableOutput,
  askQuestionInput,
  askQuestionOutput,
  lifeSoFarOutput,
  questionIdInput,
  questionStateOutput,
  suggestQuestionsInput,
  suggestQuestionsOutput,
} from '../../../contract/questions';
import { answerQuestion, dismissQuestion, keepQuestionForLater, lifeSoFar, suggestQuestions } from '../../../core/questions/questions';
import { askable, askQuestion } from '../../../core/questions/family-asks';
import { publicProcedure, router, userProcedure } from '../trpc';

export const questionsRouter = router({
  /** Three questions, stages the story does not cover first; `exclude` for "Show me others". */
  suggest: userProcedure
    .input(suggestQuestionsInput)
    .output(suggestQuestionsOutput)
    .query(({ ctx, input }) => suggestQuestions(ctx.deps, ctx.actor, input, ctx.locale)),
  /** The writer chose the question (its chapter is in the draft): it is not offered again. */
  answer: userProcedure
    .input(questionIdInput)
    .output(questionStateOutput)
    .mutation(({ ctx, input }) => answerQuestion(ctx.deps, ctx.actor, input, ctx.locale)),
  /** "Not for me": never offered again. */
  dismiss: userProcedure
    .input(questionIdInput)
    .output(questionStateOutput)
    .mutation(({ ctx, input }) => dismissQuestion(ctx.deps, ctx.actor, input)),
  /** Kept for later: offered before the others. */
  later: userProcedure
    .input(questionIdInput)
    .output(questionStateOutput)
    .mutation(({ ctx, input }) => keepQuestionForLater(ctx.deps, ctx.actor, input)),
  lifeSoFar: userProcedure.output(lifeSoFarOutput).query(({ ctx }) => lifeSoFar(ctx.deps, ctx.actor, ctx.locale)),
  // The family asks (docs/decisions/0032-the-family-asks.md).
  /** Whether the viewer may ask this story's writer a question (a signed-in reader of the writer's circle). */
  askable: publicProcedure
    .input(askableInput)
    .output(askableOutput)
    .query(({ ctx, input }) => askable(ctx.deps, ctx.actor, input)),
  /** A reader of the circle asks the writer a question: it waits first in the writer's picker. */
  ask: userProcedure
    .input(askQuestionInput)
    .output(askQuestionOutput)
    .mutation(({ ctx, input }) => askQuestion(ctx.deps, ctx.actor, input)),
});
