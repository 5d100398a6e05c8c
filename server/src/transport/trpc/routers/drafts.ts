import {
  discardDraftInput,
  discardDraftOutput,
  draftOutput,
  revisionIdInput,
  revisionListOutput,
  revisionOutput,
  autosaveDraftInput,
  draftWrittenOutput,
} from '../../../contract/drafts';
import { importDocumentInput, keptDraftIdInput, keptDraftListOutput } from '../../../contract/document-import';
import { listKeptDrafts, restoreKeptDraft } from '../../../core/document-import/kept-drafts';
import { importIntoDraft } from '../../../core/document-import/import-into-draft';
import { discardDraft, getDraft, autosaveDraft } from '../../../core/drafts/drafts';
import { getRevision, listRevisions, restoreRevision } from '../../../core/drafts/revisions';
import { router, userProcedure } from '../trpc';

/** The author's unpublished draft (autosave). Signed-in only, private to the author. */
export const draftsRouter = router({
  get: userProcedure.output(draftOutput).query(({ ctx }) => getDraft(ctx.deps, ctx.actor)),
  autosave: userProcedure
    .input(autosaveDraftInput)
    .output(draftWrittenOutput)
    .mutation(({ ctx, input }) => autosaveDraft(ctx.deps, ctx.actor, input)),
  discard: userProcedure
    .input(discardDraftInput)
    .output(discardDraftOutput)
    .mutation(({ ctx, input }) => discardDraft(ctx.deps, ctx.actor, input)),
  /** "Import a document", step two: the preview of POST /uploads/document into the draft (never published). */
  importDocument: userProcedure
    .input(importDocumentInput)
    .output(draftWrittenOutput)
    .mutation(({ ctx, input }) => importIntoDraft(ctx.deps, ctx.actor, input)),
});

/** Every published version of the author's story. Signed-in only, private to the author. */
export const revisionsRouter = router({
  list: userProcedure.output(revisionListOutput).query(({ ctx }) => listRevisions(ctx.deps, ctx.actor)),
  get: userProcedure
    .input(revisionIdInput)
    .output(revisionOutput)
    .query(({ ctx, input }) => getRevision(ctx.deps, ctx.actor, input)),
  restore: userProcedure
    .input(revisionIdInput)
    .output(draftWrittenOutput)
    .mutation(({ ctx, input }) => restoreRevision(ctx.deps, ctx.actor, input)),
  /** Drafts "Replace my draft" kept (docs/decisions/0033-import-a-document.md), newest first. */
  kept: userProcedure.output(keptDraftListOutput).query(({ ctx }) => listKeptDrafts(ctx.deps, ctx.actor)),
  restoreKept: userProcedure
    .input(keptDraftIdInput)
    .output(draftWrittenOutput)
    .mutation(({ ctx, input }) => restoreKeptDraft(ctx.deps, ctx.actor, input)),
});
