// Every event the product records, one zod schema per type, parsed on read.
// Events carry ids and the few facts the projections need; a deleted account's events are removed
// (core/accounts/delete-account.ts), so nothing personal survives a rebuild.
import { z } from 'zod';

const id = z.number().int().positive();
const time = z.number().int();
const audience = z.enum(['everyone', 'link', 'circle', 'only_me']);

export const eventSchemas = {
  user_registered: z.object({
    user_id: id,
    username: z.string(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    is_private: z.boolean(),
  }),
  profile_updated: z.object({ user_id: id, first_name: z.string().nullable(), last_name: z.string().nullable(), is_private: z.boolean() }),
  picture_changed: z.object({ user_id: id, has_picture: z.boolean() }),
  password_changed: z.object({ user_id: id }),
  account_deleted: z.object({ user_id: id }),
  /** revision_id: the revision this publish kept (absent on events from before migration 005). */
  story_saved: z.object({
    user_id: id,
    title: z.string(),
    created_at: time,
    page_count: z.number().int(),
    revision_id: id.optional(),
    /** The audience a new story starts with when it is not everyone (issue #24): so it is never indexed, even briefly. */
    audience: audience.optional(),
  }),
  /** Who can read the story now (docs/decisions/0026-who-can-read-a-story.md); only 'everyone' is listed and searched. */
  story_audience_changed: z.object({ user_id: id, audience }),
  /** A revision's text became the author's draft (ids only: the text stays in story_revisions). */
  story_revision_restored: z.object({ user_id: id, revision_id: id }),
  story_banner_changed: z.object({ user_id: id, has_banner: z.boolean() }),
  story_deleted: z.object({ user_id: id }),
  story_liked: z.object({ user_id: id, story_user_id: id, given_at: time }),
  story_unliked: z.object({ user_id: id, story_user_id: id, given_at: time }),
  story_saved_for_later: z.object({ user_id: id, story_user_id: id }),
  story_unsaved: z.object({ user_id: id, story_user_id: id }),
  comment_created: z.object({ comment_id: id, user_id: id, story_user_id: id }),
  comment_deleted: z.object({ comment_id: id, user_id: id, story_user_id: id }),
  // Moderation (docs/decisions/0020-moderation.md). user_id is the person the action concerns (the author),
  // never the admin: deleting an admin's account must not scrub these events and so undo a hide on a rebuild.
  story_hidden: z.object({ user_id: id }),
  story_restored: z.object({ user_id: id }),
  comment_hidden: z.object({ comment_id: id, user_id: id, story_user_id: id }),
  comment_restored: z.object({ comment_id: id, user_id: id, story_user_id: id }),
  account_suspended: z.object({ user_id: id }),
  account_unsuspended: z.object({ user_id: id }),
  // The circle (docs/decisions/0026-who-can-read-a-story.md): ids only, never the reader's name or address. user_id is
  // the writer, but for reader_joined, where it is the account that joined (story_user_id the writer): deleting either
  // scrubs it.
  reader_invited: z.object({ user_id: id, member_id: id }),
  reader_invite_resent: z.object({ user_id: id, member_id: id }),
  reader_joined: z.object({ user_id: id, story_user_id: id, member_id: id }),
  reader_removed: z.object({ user_id: id, member_id: id }),
  // Followers (docs/decisions/0027-followers-and-digests.md). user_id: the account that follows, or null for an
  // address (whose email is erased from the event, set to null, when it unfollows: core/follows/). follow_id: a random
  // id the projection keys on, so a rebuild gives the same followers and their emailed links keep working.
  story_followed: z.object({ user_id: id.nullable(), story_user_id: id, follow_id: z.string(), email: z.string().nullable() }),
  story_follow_confirmed: z.object({ user_id: id.nullable(), story_user_id: id, follow_id: z.string() }),
  story_unfollowed: z.object({ user_id: id.nullable(), story_user_id: id, follow_id: z.string() }),
  // The family asks (docs/decisions/0032-the-family-asks.md): the writer published their story with the chapter that
  // answers a question; user_id is the reader who asked (who is told), story_user_id the writer: deleting either
  // scrubs it. Ids only, never the question's text.
  asked_question_answered: z.object({ user_id: id, story_user_id: id, question_id: id }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventPayload<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
export type DomainEvent = { [T in EventType]: { type: T; payload: EventPayload<T> } }[EventType];
export type StoredEvent = DomainEvent & { seq: number; at: number };

export function parseStoredEvent(row: { seq: number; type: string; payload: string; at: number }): StoredEvent {
  const schema = eventSchemas[row.type as EventType];
  if (!schema) throw new Error(`Unknown event type ${row.type} at seq ${row.seq}`);
  const payload = schema.parse(JSON.parse(row.payload));
  return { seq: row.seq, at: row.at, type: row.type, payload } as StoredEvent;
}
