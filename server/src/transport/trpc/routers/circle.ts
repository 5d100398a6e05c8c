import { circleInviteInput, circleInviteOutput, circleListOutput, circleReaderRef } from '../../../contract/circle';
import { listCircle } from '../../../core/circle/circle-readers';
import { inviteReaders, resendInvitation } from '../../../core/circle/invite-readers';
import { removeReader } from '../../../core/circle/remove-reader';
import { router, userProcedure } from '../trpc';

/** The writer's circle: the people they invite by email to read their story (docs/decisions/0026-who-can-read-a-story.md). */
export const circleRouter = router({
  list: userProcedure.output(circleListOutput).query(({ ctx }) => listCircle(ctx.deps, ctx.actor)),
  /** Each reader gets an email with their own link; links point at the site's origin, never the request's Host. */
  invite: userProcedure
    .input(circleInviteInput)
    .output(circleInviteOutput)
    .mutation(({ ctx, input }) => inviteReaders(ctx.deps, ctx.actor, input, { origin: ctx.origin })),
  /** A new link by email; the old one stops working. */
  resend: userProcedure
    .input(circleReaderRef)
    .output(circleInviteOutput)
    .mutation(({ ctx, input }) => resendInvitation(ctx.deps, ctx.actor, input, { origin: ctx.origin })),
  /** Ends the reader's access at once, on every device and on their account. */
  remove: userProcedure.input(circleReaderRef).mutation(({ ctx, input }) => removeReader(ctx.deps, ctx.actor, input)),
});
