import { Hono } from 'hono';
import { changePasswordInput, deleteAccountInput, editProfileInput, profileOutput } from '../../../contract/accounts';
import { bookmarkBody, likeBody, markedStoriesOutput, usernameAnswer } from '../../../contract/rest-api';
import { setImageInput } from '../../../contract/uploads';
import { deleteAccount } from '../../../core/accounts/delete-account';
import { changePassword, deletePicture, editProfile, getProfile, setPicture } from '../../../core/accounts/profile';
import type { CoreDeps } from '../../../core/shared/core-deps';
import { isSignedIn } from '../../../core/shared/require-user';
import { listLiked, listBookmarked, setLike, setBookmark } from '../../../core/social/likes-and-bookmarks';
import type { AppEnv } from '../../http/request-context';
import { clearedSessionCookie, sessionCookie } from '../../http/session-cookie';
import { parseInput, signedIn, signedInBody } from '../request-input';
import { ok, okData, readBody, unwrapData } from '../respond';

export function userRoutes(deps: CoreDeps) {
  return (
    new Hono<AppEnv>()
      .get('/profile', async (c) =>
        okData(c, profileOutput, 'Successfully fetched user profile information', await getProfile(deps, signedIn(c))),
      )
      .get('/username', async (c) => {
        const { username } = await getProfile(deps, signedIn(c));
        return okData(c, usernameAnswer, 'Successfully fetched user username', username);
      })
      // A visitor (or a stale session) gets an empty list, so the old story screen still renders.
      .get('/liked', async (c) =>
        okData(
          c,
          markedStoriesOutput,
          "Successfully fetched user's liked stories.",
          isSignedIn(c.var.actor) ? await listLiked(deps, c.var.actor) : [],
        ),
      )
      .get('/saved', async (c) =>
        okData(
          c,
          markedStoriesOutput,
          "Successfully fetched user's saved stories.",
          isSignedIn(c.var.actor) ? await listBookmarked(deps, c.var.actor) : [],
        ),
      )
      .post('/like', async (c) => {
        const actor = signedIn(c);
        // The old client sends its current state: liked=true means "unlike now".
        const { story_username, liked } = parseInput(likeBody, unwrapData(await readBody(c)));
        const { on } = await setLike(deps, actor, { story_username, on: !liked });
        return on ? ok(c, 'Successfully liked story.', undefined, 201) : ok(c, 'Successfully unliked story.');
      })
      .post('/save', async (c) => {
        const actor = signedIn(c);
        const { story_username, saved } = parseInput(bookmarkBody, unwrapData(await readBody(c)));
        const { on } = await setBookmark(deps, actor, { story_username, on: !saved });
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
