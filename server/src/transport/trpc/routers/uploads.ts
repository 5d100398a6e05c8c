import { uploadUsageOutput } from '../../../contract/uploads';
import { photoUsage } from '../../../core/uploads/photo-quota';
import { router, userProcedure } from '../trpc';

/** The signed-in person's upload space (photos are uploaded over POST /uploads/photo, not tRPC: see app.ts). */
export const uploadsRouter = router({
  usage: userProcedure.output(uploadUsageOutput).query(({ ctx }) => photoUsage(ctx.deps, ctx.actor.userId)),
});
