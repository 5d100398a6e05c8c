import { Hono } from 'hono';
import { countOutput } from '../../../contract/paging';
import { commentCreateInput, commentDeleteInput, commentListInput, commentListOutput } from '../../../contract/social';
import { storyRefInput } from '../../../contract/stories';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { countComments, createComment, deleteComment, listComments } from '../../../core/social/comments';
import type { AppEnv } from '../../http/request-context';
import { parseBody, signedIn, signedInBody } from '../request-input';
import { ok, okData } from '../respond';

export function commentRoutes(deps: CoreDeps) {
  return (
    new Hono<AppEnv>()
      .post('/get', async (c) =>
        okData(
          c,
          commentListOutput,
          'Successfully fetched story comments.',
          await listComments(deps, c.var.actor, await parseBody(c, commentListInput)),
        ),
      )
      .post('/count', async (c) =>
        okData(
          c,
          countOutput,
          'Successfully fetched story comment count.',
          await countComments(deps, c.var.actor, await parseBody(c, storyRefInput)),
        ),
      )
      .post('/create', async (c) => {
        const actor = signedIn(c); // visitors get 401 before the body is read
        await createComment(deps, actor, await parseBody(c, commentCreateInput, { unwrap: true }));
        return ok(c, 'Successfully created comment.', undefined, 201);
      })
      // comment_username in the body is ignored: the stored author decides.
      .delete('/delete', async (c) => {
        const { actor, input } = await signedInBody(c, commentDeleteInput);
        await deleteComment(deps, actor, input);
        return ok(c, 'Successfully deleted comment.');
      })
  );
}
