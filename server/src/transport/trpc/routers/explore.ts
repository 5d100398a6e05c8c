import { listOutput, searchInput, searchPageInput, searchPageOutput, topCountInput, topListInput } from '../../../contract/explore';
import { countOutput, pagingSchema } from '../../../contract/paging';
import { search, searchPage } from '../../../core/explore/search-stories';
import {
  countBookmarks,
  countStories,
  countTopStories,
  newStories,
  bookmarkedStories,
  topStories,
} from '../../../core/explore/story-lists';
import { publicProcedure, router, userProcedure } from '../trpc';

export const exploreRouter = router({
  search: publicProcedure
    .input(searchInput)
    .output(listOutput)
    .query(({ ctx, input }) => search(ctx.deps, input)),
  /** Search in pages (See more): `cursor` from the page before; ADR 0011. */
  searchPage: publicProcedure
    .input(searchPageInput)
    .output(searchPageOutput)
    .query(({ ctx, input }) => searchPage(ctx.deps, input)),
  top: publicProcedure
    .input(topListInput)
    .output(listOutput)
    .query(({ ctx, input }) => topStories(ctx.deps, input)),
  topCount: publicProcedure
    .input(topCountInput)
    .output(countOutput)
    .query(({ ctx, input }) => countTopStories(ctx.deps, input.window)),
  new: publicProcedure
    .input(pagingSchema)
    .output(listOutput)
    .query(({ ctx, input }) => newStories(ctx.deps, input)),
  newCount: publicProcedure.output(countOutput).query(({ ctx }) => countStories(ctx.deps)),
  /** The caller's bookmarks (the "Saved" list). */
  bookmarks: userProcedure
    .input(pagingSchema)
    .output(listOutput)
    .query(({ ctx, input }) => bookmarkedStories(ctx.deps, ctx.actor, input)),
  bookmarkCount: userProcedure.output(countOutput).query(({ ctx }) => countBookmarks(ctx.deps, ctx.actor)),
});
