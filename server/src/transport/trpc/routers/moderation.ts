// Reports, blocks and the moderators' calls (docs/decisions/0020-moderation.md). tRPC only: /api has no such calls.
// Admin procedures check the role in the core (requireAdmin), so a caller that is not an admin gets FORBIDDEN (403).
import {
  accessOutput,
  accountActionInput,
  blockedOutput,
  blockStateOutput,
  contentActionInput,
  dismissInput,
  claimSetupLinkInput,
  claimSetupLinkOutput,
  logPageInput,
  logPageOutput,
  personRefInput,
  queueOutput,
  reportInput,
  reportOutput,
  withheldOutput,
} from '../../../contract/moderation';
import {
  deleteContent,
  dismissReport,
  hideContent,
  restoreContent,
  suspendAccount,
  unsuspendAccount,
} from '../../../core/moderation/actions';
import { claimAdminSetupLink } from '../../../core/moderation/admin-setup';
import { block, blockState, listBlocked, unblock } from '../../../core/moderation/blocks';
import { moderationLog, reportQueue, withheld } from '../../../core/moderation/queue';
import { createReport } from '../../../core/moderation/reports';
import { isAdmin } from '../../../core/moderation/roles';
import { publicProcedure, router, userProcedure } from '../trpc';

export const moderationRouter = router({
  /** Whether the caller may open the moderation screen (false for visitors). */
  access: publicProcedure.output(accessOutput).query(async ({ ctx }) => ({ admin: await isAdmin(ctx.deps, ctx.actor.userId) })),
  /** The one-time setup link printed at the start of a site with no admin: makes the caller's account the admin. */
  claimSetupLink: userProcedure
    .input(claimSetupLinkInput)
    .output(claimSetupLinkOutput)
    .mutation(({ ctx, input }) => claimAdminSetupLink(ctx.deps, ctx.actor, input)),
  report: userProcedure
    .input(reportInput)
    .output(reportOutput)
    .mutation(({ ctx, input }) => createReport(ctx.deps, ctx.actor, input)),
  block: userProcedure
    .input(personRefInput)
    .output(blockStateOutput)
    .mutation(({ ctx, input }) => block(ctx.deps, ctx.actor, input)),
  unblock: userProcedure
    .input(personRefInput)
    .output(blockStateOutput)
    .mutation(({ ctx, input }) => unblock(ctx.deps, ctx.actor, input)),
  blockState: publicProcedure
    .input(personRefInput)
    .output(blockStateOutput)
    .query(({ ctx, input }) => blockState(ctx.deps, ctx.actor, input)),
  blocked: userProcedure.output(blockedOutput).query(({ ctx }) => listBlocked(ctx.deps, ctx.actor)),

  // Admins only.
  queue: userProcedure.output(queueOutput).query(({ ctx }) => reportQueue(ctx.deps, ctx.actor)),
  log: userProcedure
    .input(logPageInput)
    .output(logPageOutput)
    .query(({ ctx, input }) => moderationLog(ctx.deps, ctx.actor, input)),
  withheld: userProcedure.output(withheldOutput).query(({ ctx }) => withheld(ctx.deps, ctx.actor)),
  hide: userProcedure.input(contentActionInput).mutation(({ ctx, input }) => hideContent(ctx.deps, ctx.actor, input)),
  restore: userProcedure.input(contentActionInput).mutation(({ ctx, input }) => restoreContent(ctx.deps, ctx.actor, input)),
  remove: userProcedure.input(contentActionInput).mutation(({ ctx, input }) => deleteContent(ctx.deps, ctx.actor, input)),
  dismiss: userProcedure.input(dismissInput).mutation(({ ctx, input }) => dismissReport(ctx.deps, ctx.actor, input)),
  suspend: userProcedure.input(accountActionInput).mutation(({ ctx, input }) => suspendAccount(ctx.deps, ctx.actor, input)),
  unsuspend: userProcedure.input(accountActionInput).mutation(({ ctx, input }) => unsuspendAccount(ctx.deps, ctx.actor, input)),
});
