import { Hono } from 'hono';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { requireUser } from '../../../core/shared/require-user';
import { countComments, createComment, deleteComment, listComments } from '../../../core/social/comments';
import type { AppEnv } from '../../http/request-context';
import { ok, readBody, unwrapData } from '../respond';

export function commentRoutes(deps: CoreDeps) {
  return (
    new Hono<AppEnv>()
      .post('/get', async (c) => ok(c, 'Successfully fetched story comments.', await listComments(deps, c.var.actor, await readBody(c))))
      .post('/count', async (c) => ok(c, 'Successfully fetched story comment count.', await countComments(deps, await readBody(c))))
      .post('/create', async (c) => {
        requireUser(c.var.actor);
        await createComment(deps, c.var.actor, unwrapData(await readBody(c)));
        return ok(c, 'Successfully created comment.', undefined, 201);
      })
      // comment_username in the body is ignored: the stored author decides.
      .delete('/delete', async (c) => {
        await deleteComment(deps, c.var.actor, await readBody(c));
        return ok(c, 'Successfully deleted comment.');
      })
  );
}
