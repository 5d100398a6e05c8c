import { Hono } from 'hono';
import { changePasswordInput, deleteAccountInput, editProfileInput } from '../../../contract/accounts';
import { markInput } from '../../../contract/social';
import { setImageInput } from '../../../contract/uploads';
import { deleteAccount } from '../../../core/accounts/delete-account';
import { changePassword, deletePicture, editProfile, getProfile, setPicture } from '../../../core/accounts/profile';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { isSignedIn } from '../../../core/shared/require-user';
import { listLiked, listBookmarked, setLike, setBookmark } from '../../../core/social/likes-and-bookmarks';
import type { AppEnv } from '../../http/request-context';
import { clearedSessionCookie, sessionCookie } from '../../http/session-cookie';
import { parseInput, signedIn, signedInBody } from '../request-input';
import { ok, readBody, unwrapData } from '../respond';

export function userRoutes(deps: CoreDeps) {
  return (
    new Hono<AppEnv>()
      .get('/profile', async (c) => ok(c, 'Successfully fetched user profile information', await getProfile(deps, signedIn(c))))
      .get('/username', async (c) => {
        const { username } = await getProfile(deps, signedIn(c));
        return ok(c, 'Successfully fetched user username', username);
      })
      // A visitor (or a stale session) gets an empty list, so the old story screen still renders.
      .get('/liked', async (c) =>
        ok(c, "Successfully fetched user's liked stories.", isSignedIn(c.var.actor) ? await listLiked(deps, c.var.actor) : []),
      )
      .get('/saved', async (c) =>
        ok(c, "Successfully fetched user's saved stories.", isSignedIn(c.var.actor) ? await listBookmarked(deps, c.var.actor) : []),
      )
      .post('/like', async (c) => {
        const actor = signedIn(c);
        const d = unwrapData(await readBody(c));
        // The old client sends its current state: liked=true means "unlike now".
        const { on } = await setLike(deps, actor, parseInput(markInput, { story_username: d.story_username, on: wantOn(d.liked) }));
        return on ? ok(c, 'Successfully liked story.', undefined, 201) : ok(c, 'Successfully unliked story.');
      })
      .post('/save', async (c) => {
        const actor = signedIn(c);
        const d = unwrapData(await readBody(c));
        const { on } = await setBookmark(deps, actor, parseInput(markInput, { story_username: d.story_username, on: wantOn(d.saved) }));
        return on ? ok(c, 'Successfully saved story.', undefined, 201) : ok(c, 'Successfully unsaved story.');
      })
      .post('/edit', async (c) => {
        const { actor, input } = await signedInBody(c, editProfileInput);
        // A new address takes effect when the link mailed to it is opened (ADR 0019); the answer stays the same.
        await editProfile(deps, actor, input, {
          origin: c.var.siteOrigin,
        });
        return ok(c, 'Successfully updated user profile information');
      })
      .post('/password', async (c) => {
        const { actor, input } = await signedInBody(c, changePasswordInput);
        const session = await changePassword(deps, actor, input);
        c.header('set-cookie', sessionCookie(session.token, session.expiresAt, deps.clock.now(), c.var.secure));
        return ok(c, 'Successfully updated user password.');
      })
      .post('/upload', async (c) => {
        const { actor, input } = await signedInBody(c, setImageInput);
        await setPicture(deps, actor, input);
        return ok(c, "Successfully updated user's profile picture.");
      })
      .delete('/upload/delete', async (c) => {
        await deletePicture(deps, signedIn(c));
        return ok(c, "Successfully deleted user's profile picture.");
      })
      // The old client sends no body: within ten minutes of signing in that is enough; else {"current_password"}.
      .delete('/delete', async (c) => {
        const { actor, input } = await signedInBody(c, deleteAccountInput);
        await deleteAccount(deps, actor, input);
        c.header('set-cookie', clearedSessionCookie(c.var.secure));
        return ok(c, 'Successfully deleted user.');
      })
  );
}

/** The flag the old client sends is its current state; the wanted state is the opposite (missing = add). */
function wantOn(current: unknown): boolean {
  return !(current === true || current === 1 || current === 'true');
}
