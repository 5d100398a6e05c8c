// Email verification on registration (ADR 0019): the link's page and "Send the link again" on the login screen.
import { confirmedEmailOutput, messageOutput, resendVerificationInput, verifyEmailInput } from '../../../contract/accounts';
import { resendVerification, verifyEmail } from '../../../core/accounts/email-verification';
import { publicProcedure, router } from '../trpc';

export const emailVerificationRouter = router({
  /** Always the same answer; a new link goes only to an account waiting to be confirmed. */
  resend: publicProcedure
    .input(resendVerificationInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => resendVerification(ctx.deps, ctx.actor, input, { origin: ctx.origin })),
  /** Opening the link, signed in or not. */
  verify: publicProcedure
    .input(verifyEmailInput)
    .output(confirmedEmailOutput)
    .mutation(({ ctx, input }) => verifyEmail(ctx.deps, ctx.actor, input)),
});
