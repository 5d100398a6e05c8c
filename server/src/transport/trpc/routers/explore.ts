import { z } from 'zod';
import {
  countOutput,
  listItemOutput,
  pagingSchema,
  searchInput,
  searchPageInput,
  searchPageOutput,
  topListInput,
  topWindowSchema,
} from '../../../contract/schemas';
import { search, searchPage } from '../../../core/explore/search-stories';
import { countSaved, countStories, countTopStories, newStories, savedStories, topStories } from '../../../core/explore/story-lists';
import { publicProcedure, router, userProcedure } from '../trpc';

const list = z.array(listItemOutput);

export const exploreRouter = router({
  search: publicProcedure
    .input(searchInput)
    .output(list)
    .query(({ ctx, input }) => search(ctx.deps, input)),
  /** Search in pages (See more): `cursor` from the page before; ADR 0011. */
  searchPage: publicProcedure
    .input(searchPageInput)
    .output(searchPageOutput)
    .query(({ ctx, input }) => searchPage(ctx.deps, input)),
  top: publicProcedure
    .input(topListInput)
    .output(list)
    .query(({ ctx, input }) => topStories(ctx.deps, input)),
  topCount: publicProcedure
    .input(z.object({ window: topWindowSchema }))
    .output(countOutput)
    .query(({ ctx, input }) => countTopStories(ctx.deps, input.window)),
  new: publicProcedure
    .input(pagingSchema)
    .output(list)
    .query(({ ctx, input }) => newStories(ctx.deps, input)),
  newCount: publicProcedure.output(countOutput).query(({ ctx }) => countStories(ctx.deps)),
  saved: userProcedure
    .input(pagingSchema)
    .output(list)
    .query(({ ctx, input }) => savedStories(ctx.deps, ctx.actor, input)),
  savedCount: userProcedure.output(countOutput).query(({ ctx }) => countSaved(ctx.deps, ctx.actor)),
});
