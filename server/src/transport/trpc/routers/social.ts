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
import { setLike, setSave, storyFlags } from '../../../core/social/like-and-save';
import { publicProcedure, router, userProcedure } from '../trpc';

export const socialRouter = router({
  /** Whether the caller likes / has saved a story (both false for visitors). */
  flags: publicProcedure
    .input(storyRefInput)
    .output(storyFlagsOutput)
    .query(({ ctx, input }) => storyFlags(ctx.deps, ctx.actor, input)),
  like: userProcedure
    .input(markInput)
    .output(markOutput)
    .mutation(({ ctx, input }) => setLike(ctx.deps, ctx.actor, input)),
  save: userProcedure
    .input(markInput)
    .output(markOutput)
    .mutation(({ ctx, input }) => setSave(ctx.deps, ctx.actor, input)),
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
