// What the writer sees of their circle (`circle.list`), and the row shape the other circle functions share.
import type { CircleReader } from '../../contract/circle';
import type { CoreDeps, SignedInActor } from '../shared/core-deps';
import { isoTime } from '../shared/dates';

export const READER_COLUMNS = ['id', 'name', 'email', 'invited_at', 'joined_user_id', 'joined_at', 'last_read_at'] as const;

export interface ReaderRow {
  id: number;
  name: string;
  email: string;
  invited_at: number;
  joined_user_id: number | null;
  joined_at: number | null;
  last_read_at: number | null;
}

/** Which account joined is not shown: the writer invited a name and an address, and that is what they see. */
export const readerView = (r: ReaderRow): CircleReader => ({
  id: r.id,
  name: r.name,
  email: r.email,
  invited_at: isoTime(r.invited_at),
  joined: r.joined_user_id !== null,
  joined_at: r.joined_at === null ? null : isoTime(r.joined_at),
  last_read_at: r.last_read_at === null ? null : isoTime(r.last_read_at),
});

/** The whole circle, in the order people were invited (a circle holds at most LIMITS.circleReadersMax). */
export async function listCircle(deps: CoreDeps, actor: SignedInActor): Promise<{ readers: CircleReader[] }> {
  const rows = await deps.db
    .selectFrom('circle_members')
    .select(READER_COLUMNS)
    .where('owner_id', '=', actor.userId)
    .orderBy('id')
    .execute();
  return { readers: rows.map(readerView) };
}
