import { Hono } from 'hono';
import { deleteAccount } from '../../../core/accounts/delete-account';
import { changePassword, deletePicture, editProfile, getProfile, setPicture } from '../../../core/accounts/profile';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { requireUser } from '../../../core/shared/require-user';
import { listLiked, listSaved, setLike, setSave } from '../../../core/social/like-and-save';
import type { AppEnv } from '../../http/request-context';
import { clearedSessionCookie, sessionCookie } from '../../http/session-cookie';
import { ok, readBody, unwrapData } from '../respond';

export function userRoutes(deps: CoreDeps) {
  return (
    new Hono<AppEnv>()
      .get('/profile', async (c) => ok(c, 'Successfully fetched user profile information', await getProfile(deps, c.var.actor)))
      .get('/username', async (c) => {
        const { username } = await getProfile(deps, c.var.actor);
        return ok(c, 'Successfully fetched user username', username);
      })
      // A visitor (or a stale session) gets an empty list, so the old story screen still renders.
      .get('/liked', async (c) =>
        ok(c, "Successfully fetched user's liked stories.", c.var.actor.userId === null ? [] : await listLiked(deps, c.var.actor)),
      )
      .get('/saved', async (c) =>
        ok(c, "Successfully fetched user's saved stories.", c.var.actor.userId === null ? [] : await listSaved(deps, c.var.actor)),
      )
      .post('/like', async (c) => {
        requireUser(c.var.actor);
        const d = unwrapData(await readBody(c));
        // The old client sends its current state: liked=true means "unlike now".
        const { on } = await setLike(deps, c.var.actor, { story_username: d.story_username, liked: wantOn(d.liked) });
        return on ? ok(c, 'Successfully liked story.', undefined, 201) : ok(c, 'Successfully unliked story.');
      })
      .post('/save', async (c) => {
        requireUser(c.var.actor);
        const d = unwrapData(await readBody(c));
        const { on } = await setSave(deps, c.var.actor, { story_username: d.story_username, saved: wantOn(d.saved) });
        return on ? ok(c, 'Successfully saved story.', undefined, 201) : ok(c, 'Successfully unsaved story.');
      })
      .post('/edit', async (c) => {
        await editProfile(deps, c.var.actor, await readBody(c));
        return ok(c, 'Successfully updated user profile information');
      })
      .post('/password', async (c) => {
        const session = await changePassword(deps, c.var.actor, await readBody(c));
        c.header('set-cookie', sessionCookie(session.token, session.expiresAt, deps.clock.now(), c.var.secure));
        return ok(c, 'Successfully updated user password.');
      })
      .post('/upload', async (c) => {
        await setPicture(deps, c.var.actor, await readBody(c));
        return ok(c, "Successfully updated user's profile picture.");
      })
      .delete('/upload/delete', async (c) => {
        await deletePicture(deps, c.var.actor);
        return ok(c, "Successfully deleted user's profile picture.");
      })
      .delete('/delete', async (c) => {
        await deleteAccount(deps, c.var.actor);
        c.header('set-cookie', clearedSessionCookie(c.var.secure));
        return ok(c, 'Successfully deleted user.');
      })
  );
}

/** The flag the old client sends is its current state; the wanted state is the opposite (missing = add). */
function wantOn(current: unknown): boolean {
  return !(current === true || current === 1 || current === 'true');
}
