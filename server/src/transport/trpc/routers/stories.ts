import {
  pageInput,
  pageOutput,
  publishStoryInput,
  publishStoryOutput,
  storyOwnerInput,
  storyRefInput,
  versionedStoryOutput,
} from '../../../contract/stories';
import { setImageInput } from '../../../contract/uploads';
import { deleteStory } from '../../../core/stories/delete-story';
import { getPage, getStory } from '../../../core/stories/read-story';
import { publishStory } from '../../../core/stories/publish-story';
import { deleteBanner, setBanner } from '../../../core/stories/story-banner';
import { publicProcedure, router, userProcedure } from '../trpc';

export const storiesRouter = router({
  get: publicProcedure
    .input(storyOwnerInput)
    .output(versionedStoryOutput.nullable())
    .query(({ ctx, input }) => getStory(ctx.deps, ctx.actor, input)),
  page: publicProcedure
    .input(pageInput)
    .output(pageOutput)
    .query(({ ctx, input }) => getPage(ctx.deps, ctx.actor, input)),
  /** Publish: the story goes public (the "Save Story" button; event story_saved). */
  publish: userProcedure
    .input(publishStoryInput)
    .output(publishStoryOutput)
    .mutation(({ ctx, input }) => publishStory(ctx.deps, ctx.actor, input)),
  delete: userProcedure.input(storyRefInput).mutation(({ ctx, input }) => deleteStory(ctx.deps, ctx.actor, input)),
  setBanner: userProcedure.input(setImageInput).mutation(({ ctx, input }) => setBanner(ctx.deps, ctx.actor, input)),
  deleteBanner: userProcedure.mutation(({ ctx }) => deleteBanner(ctx.deps, ctx.actor)),
});
