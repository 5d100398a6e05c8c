// Writes the plan into the product's tables, row for row what register, editProfile, publishStory, setLike and
// createComment would have stored, and the events they would have appended (events.ts).
import type BetterSqlite3 from 'better-sqlite3';
import { chunkHash, chunkText } from '../../server/src/db/text-chunks';
import { BulkInsert } from './bulk-insert';
import { forEachEvent, storyPublishOrder } from './events';
import type { ScalePlan } from './plan';

export function writeUsers(raw: BetterSqlite3.Database, plan: ScalePlan, passwordHash: string): number {
  const ins = new BulkInsert(raw, 'users', [
    'id',
    'username',
    'email',
    'password_hash',
    'first_name',
    'last_name',
    'dob',
    'image',
    'is_private',
    'created_at',
    'updated_at',
    'email_verified_at',
  ]);
  for (const u of plan.users) {
    // A private account was registered public and then edited: is_private and updated_at come from the edit.
    // Registered with REQUIRE_EMAIL_VERIFICATION off (the default): verified when registered (ADR 0019).
    ins.add(
      u.id,
      u.username,
      u.email,
      passwordHash,
      u.firstName,
      u.lastName,
      u.dob,
      null,
      u.isPrivate ? 1 : 0,
      u.registeredAt,
      u.madePrivateAt ?? u.registeredAt,
      u.registeredAt,
    );
  }
  return ins.finish();
}

/** Stories, their revisions and draft rows, then their pages. Returns [stories, pages]. */
export function writeStories(raw: BetterSqlite3.Database, plan: ScalePlan): [number, number] {
  const { titles, bodyOf, bodies, times } = plan;
  const stories = new BulkInsert(raw, 'stories', [
    'user_id',
    'title',
    'body_html',
    'banner',
    'page_count',
    'chapters',
    'created_at',
    'updated_at',
  ]);
  for (let i = 0; i < titles.length; i++) {
    const body = bodies.bodies[bodyOf[i]!]!;
    const at = times.publishedAt[i]!;
    stories.add(i + 1, titles[i]!, body.bodyHtml, null, body.pages.length, body.chapters, at, at);
  }
  stories.finish();
  // Each publish keeps a revision (numbered in publish order) and leaves an empty draft row whose counter moved
  // on, as publishStory does (docs/decisions/0012-drafts-revisions-and-versions.md).
  const order = storyPublishOrder(plan);
  const revisions = new BulkInsert(raw, 'story_revisions', [
    'id',
    'user_id',
    'version',
    'title',
    'word_count',
    'published_at',
    'restored_from',
  ]);
  order.forEach((i, rank) => {
    const body = bodies.bodies[bodyOf[i]!]!;
    revisions.add(rank + 1, i + 1, 1, titles[i]!, body.wordCount, times.publishedAt[i]!, null);
  });
  revisions.finish();
  // A revision's text is its author's pieces, each stored once, listed in order (migration 014).
  const piecesByBody = new Map<number, { text: string; hash: string }[]>();
  const piecesOf = (b: number) => {
    let pieces = piecesByBody.get(b);
    if (!pieces) {
      pieces = chunkText(bodies.bodies[b]!.bodyHtml).map((text) => ({ text, hash: chunkHash(text) }));
      piecesByBody.set(b, pieces);
    }
    return pieces;
  };
  const chunks = new BulkInsert(raw, 'story_revision_chunks', ['user_id', 'hash', 'html']);
  for (const i of order) {
    const held = new Set<string>();
    for (const p of piecesOf(bodyOf[i]!)) {
      if (held.has(p.hash)) continue;
      held.add(p.hash);
      chunks.add(i + 1, p.hash, p.text);
    }
  }
  chunks.finish();
  const parts = new BulkInsert(raw, 'story_revision_parts', ['revision_id', 'seq', 'user_id', 'hash']);
  order.forEach((i, rank) => {
    piecesOf(bodyOf[i]!).forEach((p, seq) => {
      parts.add(rank + 1, seq, i + 1, p.hash);
    });
  });
  parts.finish();
  const drafts = new BulkInsert(raw, 'drafts', [
    'user_id',
    'draft_version',
    'title',
    'unsafe_html',
    'base_version',
    'restored_from',
    'saved_at',
  ]);
  for (let i = 0; i < titles.length; i++) drafts.add(i + 1, 1, null, null, null, null, null);
  drafts.finish();
  const pages = new BulkInsert(raw, 'pages', ['user_id', 'page_number', 'html']);
  for (let i = 0; i < titles.length; i++) {
    const body = bodies.bodies[bodyOf[i]!]!;
    for (const [p, html] of body.pages.entries()) pages.add(i + 1, p + 1, html);
  }
  return [titles.length, pages.finish()];
}

/** In primary-key order (user_id, story_user_id): appending to a WITHOUT ROWID B-tree is the cheap case. */
export function writeLikes(raw: BetterSqlite3.Database, plan: ScalePlan): number {
  const { user, story, at } = plan.likes;
  const order = Array.from({ length: user.length }, (_, i) => i).sort((a, b) => user[a]! - user[b]! || story[a]! - story[b]!);
  const ins = new BulkInsert(raw, 'likes', ['user_id', 'story_user_id', 'created_at']);
  for (const i of order) ins.add(user[i]!, story[i]!, at[i]!);
  return ins.finish();
}

export function writeComments(raw: BetterSqlite3.Database, plan: ScalePlan): number {
  const { user, story, at, text } = plan.comments;
  const ins = new BulkInsert(raw, 'comments', ['id', 'story_user_id', 'user_id', 'text', 'created_at']);
  for (let i = 0; i < user.length; i++) ins.add(i + 1, story[i]!, user[i]!, text[i]!, at[i]!);
  return ins.finish();
}

export function writeEvents(raw: BetterSqlite3.Database, plan: ScalePlan): number {
  const ins = new BulkInsert(raw, 'events', ['seq', 'type', 'actor_id', 'subject_id', 'payload', 'at']);
  let seq = 0;
  forEachEvent(plan, (e) => ins.add(++seq, e.type, e.actor, e.subject, e.payload, e.at));
  return ins.finish();
}
