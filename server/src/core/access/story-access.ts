// Who can read a story (docs/decisions/0026-who-can-read-a-story.md): the one rule every read and every write that
// reaches a story applies. The author always can. Otherwise moderation first (a hidden story, a suspended author:
// nobody), then the audience:
// - everyone: anyone;
// - link: whoever carries a link pass of the current share key, or an active circle member;
// - circle: an active circle member (a member's pass on this device, or an account joined to the invitation);
// - only_me: nobody else.
// Admins have no read right beyond this. Passes are resolved only for a non-`everyone` story read by someone other
// than its author, so a public read costs nothing more.
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Audience, Database } from '../../db/schema';
import { compileOnce } from '../../db/compiled-query';
import { hashPassToken, isPassTokenShape, MAX_PASS_TOKENS } from './pass-tokens';

type Db = Kysely<Database> | Transaction<Database>;

/** Who is reading: the signed-in person (or null) and the pass tokens this device carries. */
export interface Reader {
  userId: number | null;
  passTokens: readonly string[];
}

/** What the rule needs to know of a story, usually from the row a read has already fetched. */
export interface StoryAccessFacts {
  ownerId: number;
  audience: Audience;
  /** Hidden by a moderator, or its author suspended (docs/decisions/0020-moderation.md). */
  withheld: boolean;
}

/** Whether this reader may read the story of ownerId now (author, audience, membership, passes, moderation). */
export async function canReadStory(db: Db, reader: Reader, ownerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select(['stories.audience', 'stories.hidden_at', 'users.suspended_at'])
    .where('stories.user_id', '=', ownerId)
    .executeTakeFirst();
  if (!row) return false;
  return mayReadStory(db, reader, { ownerId, audience: row.audience, withheld: row.hidden_at !== null || row.suspended_at !== null });
}

/**
 * The rule on facts already read. Answers at once (no query) for the author, a withheld story, `everyone` and
 * `only_me`; looks up membership and passes only for `link` and `circle`.
 */
export function mayReadStory(db: Db, reader: Reader, facts: StoryAccessFacts): boolean | Promise<boolean> {
  if (reader.userId !== null && reader.userId === facts.ownerId) return true;
  if (facts.withheld) return false;
  switch (facts.audience) {
    case 'everyone':
      return true;
    case 'only_me':
      return false;
    case 'link':
      return isReaderOf(db, reader, facts.ownerId, true);
    case 'circle':
      return isReaderOf(db, reader, facts.ownerId, false);
    default:
      return false; // an audience this version does not know reads as no story
  }
}

/** Compiled once (db/compiled-query.ts): a pass holder's read pays for the lookups, not for building them. */
const memberQuery = compileOnce((db, userId: number, ownerId: number) =>
  db.selectFrom('circle_members').select('id').where('joined_user_id', '=', userId).where('owner_id', '=', ownerId).limit(1),
);
/** Any pass of the owner's (a link pass's key is always the current one: a new key deletes the old key's passes). */
const anyPassQuery = compileOnce((db, ownerId: number, ...hashes: string[]) =>
  db.selectFrom('reader_passes').select('id').where('owner_id', '=', ownerId).where('token_hash', 'in', hashes).limit(1),
);
const memberPassQuery = compileOnce((db, ownerId: number, ...hashes: string[]) =>
  db
    .selectFrom('reader_passes')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('token_hash', 'in', hashes)
    .where('member_id', 'is not', null)
    .limit(1),
);

/** An active member of ownerId's circle (by account or by a member's pass), or, when links count, a link pass. */
async function isReaderOf(db: Db, reader: Reader, ownerId: number, linkPassesCount: boolean): Promise<boolean> {
  if (reader.userId !== null && (await memberQuery(db, reader.userId, ownerId)).length > 0) return true;
  const hashes = passHashes(reader.passTokens);
  if (hashes.length === 0) return false;
  const passes = await (linkPassesCount ? anyPassQuery : memberPassQuery)(db, ownerId, ...hashes);
  return passes.length > 0;
}

/**
 * The same right as one column of a query that has already read the story's row (`stories` in its FROM): true when
 * the viewer, by account or by one of the passes hashed in `hashes`, may read a `link` or `circle` story; false for
 * every other audience (the caller decides those from the row). Evaluated only for those two audiences, so a read of
 * a story for everyone runs none of it; folded into the read, a pass holder's read is one statement, not two
 * (docs/performance.md, "Issue #24: access"). `hashes` must not be empty: `NO_PASS_HASHES` stands for none.
 */
export function readerRightColumn(viewerId: number | null, hashes: readonly string[]): RawBuilder<boolean | number> {
  return sql<boolean | number>`CASE WHEN stories.audience IN ('link', 'circle') THEN (
    EXISTS (SELECT 1 FROM circle_members WHERE circle_members.joined_user_id = ${viewerId}
      AND circle_members.owner_id = stories.user_id)
    OR EXISTS (SELECT 1 FROM reader_passes WHERE reader_passes.owner_id = stories.user_id
      AND reader_passes.token_hash IN (${sql.join(hashes)})
      AND (reader_passes.member_id IS NOT NULL OR stories.audience = 'link'))
  ) ELSE FALSE END`;
}

/** Stands for "no passes" in readerRightColumn (a hash is 43 characters: nothing is stored under ''). */
export const NO_PASS_HASHES: readonly string[] = [''];

/** The hashes of the well-formed tokens, at most MAX_PASS_TOKENS of them. */
export function passHashes(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (const token of tokens) {
    if (out.length >= MAX_PASS_TOKENS) break;
    if (isPassTokenShape(token)) out.push(hashPassToken(token));
  }
  return out;
}

/** The reader an actor is: their account and the passes their device carries. */
export function readerOf(actor: { userId: number | null; readerPassTokens?: readonly string[] }): Reader {
  return { userId: actor.userId, passTokens: actor.readerPassTokens ?? [] };
}

/** The author id of username's story when the reader may read it; null as for no story. */
export async function readableStoryOf(db: Db, reader: Reader, username: string): Promise<number | null> {
  const row = await db
    .selectFrom('stories')
    .innerJoin('users', 'users.id', 'stories.user_id')
    .select(['stories.user_id', 'stories.audience', 'stories.hidden_at', 'users.suspended_at'])
    .where('users.username', '=', username)
    .executeTakeFirst();
  if (!row) return null;
  const facts = { ownerId: row.user_id, audience: row.audience, withheld: row.hidden_at !== null || row.suspended_at !== null };
  return (await mayReadStory(db, reader, facts)) ? row.user_id : null;
}
