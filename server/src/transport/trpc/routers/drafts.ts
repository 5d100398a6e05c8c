import { discardDraftInput, discardDraftOutput, draftOutput, saveDraftInput, saveDraftOutput } from '../../../contract/drafts';
import { discardDraft, getDraft, saveDraft } from '../../../core/drafts/drafts';
import { router, userProcedure } from '../trpc';

/** The author's unpublished draft (autosave). Signed-in only, private to the author. */
export const draftsRouter = router({
  get: userProcedure.output(draftOutput).query(({ ctx }) => getDraft(ctx.deps, ctx.actor)),
  save: userProcedure
    .input(saveDraftInput)
    .output(saveDraftOutput)
    .mutation(({ ctx, input }) => saveDraft(ctx.deps, ctx.actor, input)),
  discard: userProcedure
    .input(discardDraftInput)
    .output(discardDraftOutput)
    .mutation(({ ctx, input }) => discardDraft(ctx.deps, ctx.actor, input)),
});
