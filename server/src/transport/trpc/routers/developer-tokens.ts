import { createTokenInput, createTokenOutput, revokeTokenInput, tokenSummaryOutput } from '../../../contract/developer-tokens';
import { createToken, listTokens, revokeToken } from '../../../core/accounts/developer-tokens';
import { router, userProcedure } from '../trpc';

/** "Developer access" (ADR 0039): signed in by the session cookie only; a token is refused here (token-scopes.ts, and the core). */
export const developerTokensRouter = router({
  list: userProcedure.output(tokenSummaryOutput.array()).query(({ ctx }) => listTokens(ctx.deps, ctx.actor)),
  create: userProcedure
    .input(createTokenInput)
    .output(createTokenOutput)
    .mutation(({ ctx, input }) => createToken(ctx.deps, ctx.actor, input)),
  revoke: userProcedure.input(revokeTokenInput).mutation(async ({ ctx, input }) => {
    await revokeToken(ctx.deps, ctx.actor, input);
  }),
});
