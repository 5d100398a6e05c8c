import {
  commentCreateInput,
  commentDeleteInput,
  commentListInput,
  commentListOutput,
  commentOutput,
  markInput,
  markOutput,
  storyFlagsOutput,
} from '../../../contract/social';
import { countOutput } from '../../../contract/paging';
import { storyRefInput } from '../../../contract/stories';
import { countComments, createComment, deleteComment, listComments } from '../../../core/social/comments';
import { setLike, setBookmark, storyFlags } from '../../../core/social/likes-and-bookmarks';
import { publicProcedure, router, userProcedure } from '../trpc';

export const socialRouter = router({
  /** Whether the caller likes / has bookmarked a story (both false for visitors). */
  flags: publicProcedure
    .input(storyRefInput)
    .output(storyFlagsOutput)
    .query(({ ctx, input }) => storyFlags(ctx.deps, ctx.actor, input)),
  like: userProcedure
    .input(markInput)
    .output(markOutput)
    .mutation(({ ctx, input }) => setLike(ctx.deps, ctx.actor, input)),
  /** Bookmark a story to read later (the "Save" button), or take it back. */
  bookmark: userProcedure
    .input(markInput)
    .output(markOutput)
    .mutation(({ ctx, input }) => setBookmark(ctx.deps, ctx.actor, input)),
  comments: publicProcedure
    .input(commentListInput)
    .output(commentListOutput)
    .query(({ ctx, input }) => listComments(ctx.deps, ctx.actor, input)),
  commentCount: publicProcedure
    .input(storyRefInput)
    .output(countOutput)
    .query(({ ctx, input }) => countComments(ctx.deps, ctx.actor, input)),
  comment: userProcedure
    .input(commentCreateInput)
    .output(commentOutput)
    .mutation(({ ctx, input }) => createComment(ctx.deps, ctx.actor, input)),
  deleteComment: userProcedure.input(commentDeleteInput).mutation(({ ctx, input }) => deleteComment(ctx.deps, ctx.actor, input)),
});
