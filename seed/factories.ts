// One way to make a person, a story, a like (and a save, a comment, a picture, a banner), shared by the
// tests and the seeds. The `make*` functions go through the core, so they write exactly the rows and
// events the product writes; the clock in `deps` decides every timestamp. Their input is parsed with the
// contract's schemas first, as a transport would.
import { editProfile, setPicture } from '../server/src/core/accounts/profile';
import { register } from '../server/src/core/accounts/register';
import {
  commentCreateInput,
  editProfileInput,
  markInput,
  registerInput,
  saveStoryInput,
  setImageInput,
} from '../server/src/contract/schemas';
import type { CoreDeps, SignedInActor } from '../server/src/core/shared/core-deps';
import { validate } from '../server/src/core/shared/validate';
import { createComment } from '../server/src/core/social/comments';
import { setLike, setSave } from '../server/src/core/social/like-and-save';
import { saveStory } from '../server/src/core/stories/save-story';
import { setBanner } from '../server/src/core/stories/story-banner';
import { acceptUpload } from '../server/src/core/uploads/accept-upload';

let counter = 0;

/** Registration fields for a fresh adult; override any of them. */
export function person(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const username = (overrides.username as string) ?? `person${counter}_${Math.random().toString(36).slice(2, 7)}`;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    username,
    email: `${username}@example.com`,
    dob: '1990-04-12',
    password: 'correct horse battery',
    ...overrides,
  };
}

/** A story body of `paragraphs` paragraphs of `words` distinct words each, every paragraph one sentence. */
export function storyHtml(paragraphs: number, words = 100, tag = 'w'): string {
  return Array.from(
    { length: paragraphs },
    (_, p) => `<p>${Array.from({ length: words }, (_, i) => `${tag}${p}x${i}`).join(' ')}.</p>`,
  ).join('');
}

export type PersonFields = ReturnType<typeof person>;

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
  fields: Partial<PersonFields> & Record<string, unknown> = {},
  options: { isPrivate?: boolean; clientKey?: string } = {},
): Promise<MadeUser> {
  const f = person(fields);
  const clientKey = options.clientKey ?? `factory:${f.username}`;
  const { username } = await register(deps, { userId: null, sessionId: null, signedInAt: null, clientKey }, validate(registerInput, f));
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
  return saveStory(deps, who.actor, validate(saveStoryInput, { title: story.title, text: story.html }));
}

/** `who` likes (or, with `liked: false`, unlikes) the story of `storyUsername`. */
export function makeLike(deps: CoreDeps, who: MadeUser, storyUsername: string, liked = true) {
  return setLike(deps, who.actor, validate(markInput, { story_username: storyUsername, on: liked }));
}

export function makeSave(deps: CoreDeps, who: MadeUser, storyUsername: string, saved = true) {
  return setSave(deps, who.actor, validate(markInput, { story_username: storyUsername, on: saved }));
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
