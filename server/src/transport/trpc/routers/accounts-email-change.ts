// Changing the email address with a confirmation link (ADR 0019). accounts.edit and POST /api/users/edit start
// the same change when the address in the form differs.
import {
  cancelEmailChangeInput,
  confirmEmailChangeInput,
  confirmedEmailOutput,
  messageOutput,
  pendingEmailChangeOutput,
  requestEmailChangeInput,
  requestEmailChangeOutput,
} from '../../../contract/accounts';
import { cancelEmailChange, confirmEmailChange, pendingEmailChange, requestEmailChange } from '../../../core/accounts/email-change';
import { publicProcedure, router, userProcedure } from '../trpc';

export const emailChangeRouter = router({
  /** Needs the current password, or a sign-in within the last ten minutes. Sends the link to the new address and a notice to the current one; nothing changes yet. */
  request: userProcedure
    .input(requestEmailChangeInput)
    .output(requestEmailChangeOutput)
    .mutation(({ ctx, input }) => requestEmailChange(ctx.deps, ctx.actor, input, { origin: ctx.origin })),
  /** The address waiting for its link to be opened, or null. */
  pending: userProcedure.output(pendingEmailChangeOutput).query(({ ctx }) => pendingEmailChange(ctx.deps, ctx.actor)),
  /** Opening the link, signed in or not. */
  confirm: publicProcedure
    .input(confirmEmailChangeInput)
    .output(confirmedEmailOutput)
    .mutation(({ ctx, input }) => confirmEmailChange(ctx.deps, ctx.actor, input)),
  /** "This wasn't me", from the notice to the old address, signed in or not: stops the change, signs out everywhere. */
  cancel: publicProcedure
    .input(cancelEmailChangeInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => cancelEmailChange(ctx.deps, ctx.actor, input)),
});
