// A revision's text, stored as pieces shared between an author's revisions (migration 014, db/text-chunks.ts):
// publishing the same story again stores only the pieces that changed. Readers of a revision get exactly the text
// that was published (docs/decisions/0012-drafts-revisions-and-versions.md).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { chunkHash, chunkText } from '../../db/text-chunks';

type Db = Kysely<Database> | Transaction<Database>;

/** Pieces per statement: bounded parameters, and each read short (~12 K characters a piece). */
const PIECES_PER_QUERY = 64;

export interface RevisionPiece {
  text: string;
  hash: string;
}

/** A text cut into its pieces, with their hashes: CPU work, to do before the write transaction. */
export function revisionPieces(html: string): RevisionPiece[] {
  return chunkText(html).map((text) => ({ text, hash: chunkHash(text) }));
}

/** Stores `pieces` as revision `revisionId`'s text, adding only the pieces its author does not hold yet. */
export async function storeRevisionText(
  trx: Transaction<Database>,
  userId: number,
  revisionId: number,
  pieces: RevisionPiece[],
): Promise<void> {
  for (let i = 0; i < pieces.length; i += PIECES_PER_QUERY) {
    const batch = pieces.slice(i, i + PIECES_PER_QUERY);
    const held = new Set(
      (
        await trx
          .selectFrom('story_revision_chunks')
          .select('hash')
          .where('user_id', '=', userId)
          .where(
            'hash',
            'in',
            batch.map((p) => p.hash),
          )
          .execute()
      ).map((r) => r.hash),
    );
    const fresh = new Map<string, string>();
    for (const p of batch) if (!held.has(p.hash)) fresh.set(p.hash, p.text);
    if (fresh.size > 0) {
      await trx
        .insertInto('story_revision_chunks')
        .values([...fresh].map(([hash, text]) => ({ user_id: userId, hash, html: text })))
        .onConflict((oc) => oc.columns(['user_id', 'hash']).doNothing())
        .execute();
    }
    await trx
      .insertInto('story_revision_parts')
      .values(batch.map((p, j) => ({ revision_id: revisionId, seq: i + j, user_id: userId, hash: p.hash })))
      .execute();
  }
}

/** The revision's text, a page of pieces at a time, each read short (the data export streams them). */
export async function* revisionTextPieces(db: Db, revisionId: number): AsyncGenerator<string> {
  for (let from = 0; ; from += PIECES_PER_QUERY) {
    const rows = await db
      .selectFrom('story_revision_parts as p')
      .innerJoin('story_revision_chunks as c', (join) => join.onRef('c.user_id', '=', 'p.user_id').onRef('c.hash', '=', 'p.hash'))
      .select('c.html')
      .where('p.revision_id', '=', revisionId)
      .where('p.seq', '>=', from)
      .orderBy('p.seq')
      .limit(PIECES_PER_QUERY)
      .execute();
    for (const row of rows) yield row.html;
    if (rows.length < PIECES_PER_QUERY) return;
  }
}

/** The revision's whole text. */
export async function revisionText(db: Db, revisionId: number): Promise<string> {
  let text = '';
  for await (const piece of revisionTextPieces(db, revisionId)) text += piece;
  return text;
}

/** Forgets the author's pieces that no revision holds any more (after revisions were thinned). */
export async function dropUnusedPieces(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx
    .deleteFrom('story_revision_chunks')
    .where('user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('story_revision_parts as p')
            .select('p.seq')
            .whereRef('p.user_id', '=', 'story_revision_chunks.user_id')
            .whereRef('p.hash', '=', 'story_revision_chunks.hash'),
        ),
      ),
    )
    .execute();
}
