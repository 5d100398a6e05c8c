// One question a week by email (docs/decisions/0031-one-question-a-week.md): the setting, and the question an emailed
// link opens on the write screen. Signed-in only.
import { openQuestionInput, openQuestionOutput, weeklyQuestionOutput, weeklyScheduleInput } from '../../../contract/weekly-question';
import { openQuestion } from '../../../core/weekly-question/pick-question';
import {
  pauseWeeklyQuestion,
  readWeeklyQuestion,
  resumeWeeklyQuestion,
  setWeeklyQuestion,
  stopWeeklyQuestion,
} from '../../../core/weekly-question/weekly-setting';
import { router, userProcedure } from '../trpc';

export const weeklyQuestionRouter = router({
  get: userProcedure.output(weeklyQuestionOutput).query(({ ctx }) => readWeeklyQuestion(ctx.deps.db, ctx.actor.userId)),
  /** Turns it on with this day and time, or changes them (a paused one stays paused). */
  set: userProcedure
    .input(weeklyScheduleInput)
    .output(weeklyQuestionOutput)
    .mutation(({ ctx, input }) => setWeeklyQuestion(ctx.deps, ctx.actor, input)),
  pause: userProcedure.output(weeklyQuestionOutput).mutation(({ ctx }) => pauseWeeklyQuestion(ctx.deps, ctx.actor)),
  resume: userProcedure.output(weeklyQuestionOutput).mutation(({ ctx }) => resumeWeeklyQuestion(ctx.deps, ctx.actor)),
  stop: userProcedure.output(weeklyQuestionOutput).mutation(({ ctx }) => stopWeeklyQuestion(ctx.deps, ctx.actor)),
  /** The question of an emailed link (`/story/write?question=<id>`): its words, for the chapter's heading. */
  question: userProcedure
    .input(openQuestionInput)
    .output(openQuestionOutput)
    .query(({ ctx, input }) => openQuestion(ctx.deps, ctx.actor, input.id, ctx.locale)),
});
