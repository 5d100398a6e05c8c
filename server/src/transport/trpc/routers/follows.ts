// Following a story (docs/decisions/0027-followers-and-digests.md): signed-in readers, addresses with a confirm
// link, the links' actions, and the author's list of followers.
import {
  followByEmailInput,
  followersOutput,
  followInput,
  followLinkOutput,
  followMessageOutput,
  followStatusOutput,
  followTokenInput,
} from '../../../contract/follows';
import {
  confirmFollow,
  followByEmail,
  followStatus,
  followStory,
  listFollowers,
  unfollowStory,
  unsubscribe,
} from '../../../core/follows/follow-story';
import { publicProcedure, router, userProcedure } from '../trpc';

export const followsRouter = router({
  follow: userProcedure
    .input(followInput)
    .output(followStatusOutput)
    .mutation(({ ctx, input }) => followStory(ctx.deps, ctx.actor, input)),
  unfollow: userProcedure
    .input(followInput)
    .output(followStatusOutput)
    .mutation(({ ctx, input }) => unfollowStory(ctx.deps, ctx.actor, input)),
  status: userProcedure
    .input(followInput)
    .output(followStatusOutput)
    .query(({ ctx, input }) => followStatus(ctx.deps, ctx.actor, input)),
  /** Anyone who can read the story, with or without an account: a confirm link goes to the address. */
  followByEmail: publicProcedure
    .input(followByEmailInput)
    .output(followMessageOutput)
    .mutation(({ ctx, input }) => followByEmail(ctx.deps, ctx.actor, input, { origin: ctx.origin })),
  confirm: publicProcedure
    .input(followTokenInput)
    .output(followLinkOutput)
    .mutation(({ ctx, input }) => confirmFollow(ctx.deps, input)),
  unsubscribe: publicProcedure
    .input(followTokenInput)
    .output(followLinkOutput.nullable())
    .mutation(({ ctx, input }) => unsubscribe(ctx.deps, input)),
  /** The author's followers. */
  followers: userProcedure.output(followersOutput).query(({ ctx }) => listFollowers(ctx.deps, ctx.actor)),
});
