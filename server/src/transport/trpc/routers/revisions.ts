import { revisionIdInput, revisionListOutput, revisionOutput, saveDraftOutput } from '../../../contract/drafts';
import { getRevision, listRevisions, restoreRevision } from '../../../core/drafts/revisions';
import { router, userProcedure } from '../trpc';

/** Every published version of the author's story. Signed-in only, private to the author. */
export const revisionsRouter = router({
  list: userProcedure.output(revisionListOutput).query(({ ctx }) => listRevisions(ctx.deps, ctx.actor)),
  get: userProcedure
    .input(revisionIdInput)
    .output(revisionOutput)
    .query(({ ctx, input }) => getRevision(ctx.deps, ctx.actor, input)),
  restore: userProcedure
    .input(revisionIdInput)
    .output(saveDraftOutput)
    .mutation(({ ctx, input }) => restoreRevision(ctx.deps, ctx.actor, input)),
});
