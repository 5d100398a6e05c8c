import {
  pageInput,
  pageOutput,
  publishStoryInput,
  publishStoryOutput,
  previewStoryOutput,
  storyContentInput,
  readerStoryOutput,
  storyOwnerInput,
  storyRefInput,
} from '../../../contract/stories';
import { setImageInput } from '../../../contract/uploads';
import { deleteStory } from '../../../core/stories/delete-story';
import { readPage, readStory } from '../../../core/stories/read-story';
import { audienceOutput, setAudienceInput, setAudienceOutput, shareLinkOutput } from '../../../contract/access';
import { ownAudience } from '../../../core/access/chosen-audience';
import { setAudience } from '../../../core/access/set-audience';
import { newShareLink, shareLink } from '../../../core/access/share-links';
import { markRestrictedAnswer } from '../../http/restricted-answer';
import { publishStory } from '../../../core/stories/publish-story';
import { previewStory } from '../../../core/stories/preview-story';
import { deleteBanner, setBanner } from '../../../core/stories/story-banner';
import { publicProcedure, router, userProcedure } from '../trpc';

export const storiesRouter = router({
  get: publicProcedure
    .input(storyOwnerInput)
    .output(readerStoryOutput.nullable())
    .query(async ({ ctx, input }) => {
      const read = await readStory(ctx.deps, ctx.actor, input);
      if (!read) return null;
      markRestrictedAnswer(ctx.resHeaders, read.audience);
      const story = { ...read.story, chapters: read.chapters };
      // Who can read it is the author's to know (the write screen and their story page show it).
      return read.isAuthor ? { ...story, audience: read.audience } : story;
    }),
  page: publicProcedure
    .input(pageInput)
    .output(pageOutput)
    .query(async ({ ctx, input }) => {
      const { page, audience } = await readPage(ctx.deps, ctx.actor, input);
      markRestrictedAnswer(ctx.resHeaders, audience);
      return page;
    }),
  /** Publish: the story goes public (the "Save Story" button; event story_saved). */
  publish: userProcedure
    .input(publishStoryInput)
    .output(publishStoryOutput)
    .mutation(({ ctx, input }) => publishStory(ctx.deps, ctx.actor, input, { origin: ctx.origin })),
  /** Page 1 as readers will see it, stored nowhere: shown before a first publish. A mutation: the text is long. */
  preview: userProcedure
    .input(storyContentInput)
    .output(previewStoryOutput)
    .mutation(({ ctx, input }) => previewStory(ctx.deps, ctx.actor, input)),
  delete: userProcedure.input(storyRefInput).mutation(({ ctx, input }) => deleteStory(ctx.deps, ctx.actor, input)),
  setBanner: userProcedure.input(setImageInput).mutation(({ ctx, input }) => setBanner(ctx.deps, ctx.actor, input)),
  deleteBanner: userProcedure.mutation(({ ctx }) => deleteBanner(ctx.deps, ctx.actor)),
  /** Who can read the author's story (docs/decisions/0026-who-can-read-a-story.md); event story_audience_changed. */
  setAudience: userProcedure
    .input(setAudienceInput)
    .output(setAudienceOutput)
    .mutation(({ ctx, input }) => setAudience(ctx.deps, ctx.actor, input)),
  /** The author's chosen audience, published or not (before the first publish it is kept in the log). */
  audience: userProcedure.output(audienceOutput).query(({ ctx }) => ownAudience(ctx.deps, ctx.actor)),
  /** The story's share link (made on first use). */
  shareLink: userProcedure.output(shareLinkOutput).query(async ({ ctx }) => withUrl(ctx.origin, await shareLink(ctx.deps, ctx.actor))),
  /** A new share link: the old one, and every pass it gave, stop working. */
  newShareLink: userProcedure
    .output(shareLinkOutput)
    .mutation(async ({ ctx }) => withUrl(ctx.origin, await newShareLink(ctx.deps, ctx.actor))),
});

const withUrl = (origin: string, link: { key: string; audience: 'everyone' | 'link' | 'circle' | 'only_me' }) => ({
  ...link,
  url: `${origin}/s/${link.key}`,
});
