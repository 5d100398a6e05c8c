// One way to make a person, a story, a like (and a bookmark, a comment, a picture, a banner) for the demo seed and
// the scale generator's check. Each goes through the core, so it writes exactly the rows and events the
// product writes; the clock in `deps` decides every timestamp. Input is parsed with the contract's schemas
// first, as a transport would.
import { commentCreateInput, markInput } from '../contract/social';
import { editProfileInput, registerInput } from '../contract/accounts';
import { storyContentInput } from '../contract/stories';
import { setImageInput } from '../contract/uploads';
import { editProfile, setPicture } from '../core/accounts/profile';
import { register } from '../core/accounts/register';
import type { CoreDeps, SignedInActor } from '../core/shared/core-deps';
import { validate } from '../core/shared/validate';
import { createComment } from '../core/social/comments';
import { setLike, setBookmark } from '../core/social/likes-and-bookmarks';
import { publishStory } from '../core/stories/publish-story';
import { setBanner } from '../core/stories/story-banner';
import { acceptUpload } from '../core/uploads/accept-upload';

export interface MadeUser {
  id: number;
  username: string;
  /** Acts as this person (as a transport would after sign-in), from `clientKey` for per-client limits. */
  actor: SignedInActor;
}

/** The actor a transport builds for a signed-in person. */
export function actorOf(userId: number, clientKey = `user:${userId}`): SignedInActor {
  return { userId, sessionId: null, signedInAt: null, clientKey };
}

/**
 * Registers a person through the core (argon2 hash, user_registered event) and, when asked, makes the
 * account private the way the profile screen does (profile_updated event).
 */
export async function makeUser(
  deps: CoreDeps,
  f: { username: string; email: string; password: string; first_name: string; last_name: string; dob: string },
  options: { isPrivate?: boolean; clientKey?: string } = {},
): Promise<MadeUser> {
  const clientKey = options.clientKey ?? `factory:${f.username}`;
  const { username } = await register(deps, { userId: null, sessionId: null, signedInAt: null, clientKey }, validate(registerInput, f), {
    // Not asked to confirm their (made-up) addresses (ADR 0019); so none of them is ever an admin (ADR 0020).
    emailTrusted: true,
  });
  const row = await deps.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  const actor = actorOf(row.id, clientKey);
  if (options.isPrivate) {
    const profile = { first_name: f.first_name, last_name: f.last_name, email: f.email, dob: f.dob, is_private: true };
    await editProfile(deps, actor, validate(editProfileInput, profile));
  }
  return { id: row.id, username, actor };
}

/** Creates or replaces the person's story (sanitized and split into pages by the core). */
export function makeStory(deps: CoreDeps, who: MadeUser, story: { title: string; html: string }): Promise<{ page_count: number }> {
  return publishStory(deps, who.actor, validate(storyContentInput, { title: story.title, text: story.html }));
}

/** `who` likes (or, with `liked: false`, unlikes) the story of `storyUsername`. */
export function makeLike(deps: CoreDeps, who: MadeUser, storyUsername: string, liked = true) {
  return setLike(deps, who.actor, validate(markInput, { story_username: storyUsername, on: liked }));
}

export function makeBookmark(deps: CoreDeps, who: MadeUser, storyUsername: string, on = true) {
  return setBookmark(deps, who.actor, validate(markInput, { story_username: storyUsername, on }));
}

export function makeComment(deps: CoreDeps, who: MadeUser, storyUsername: string, text: string) {
  return createComment(deps, who.actor, validate(commentCreateInput, { story_username: storyUsername, text }));
}

/** Uploads an image through the product's checks (re-encoded, metadata stripped) and makes it the picture. */
export async function makePicture(deps: CoreDeps, who: MadeUser, image: Buffer): Promise<string> {
  const { name } = await acceptUpload(deps, who.actor, image);
  await setPicture(deps, who.actor, validate(setImageInput, { image: name }));
  return name;
}

/** Uploads an image and makes it the banner of the person's story (which must exist). */
export async function makeBanner(deps: CoreDeps, who: MadeUser, image: Buffer): Promise<string> {
  const { name } = await acceptUpload(deps, who.actor, image);
  await setBanner(deps, who.actor, validate(setImageInput, { image: name }));
  return name;
}
