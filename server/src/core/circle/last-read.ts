// "Last read" in the writer's circle list: set when a member reads a non-public story, cheaply. Each process
// remembers whom it noted in the last minute and writes at most once a minute per reader and story, after the
// answer has gone, so a reader paging through a story costs one small write a minute, and a public read nothing.
import type { Reader } from '../access/story-access';
import { hashPassToken, isPassTokenShape, MAX_PASS_TOKENS } from '../access/pass-tokens';
import type { CoreDeps } from '../shared/core-deps';
import { afterAnswer } from '../shared/work-after-answer';

export const LAST_READ_EVERY_MS = 60_000;
/** Readers remembered at once; past this the memory starts again (at worst, one more write each). */
const REMEMBERED_MAX = 10_000;
const noted = new Map<string, number>();

/**
 * Notes that this reader read ownerId's story (call it only once the read was allowed, for a story that is not
 * `everyone`, by someone other than its author). The members it matches (by account or by a pass of this device) get
 * `last_read_at`, what the Readers screen shows (circle.list). Passes keep no time of use: nothing would show it.
 */
export function noteCircleRead(deps: Pick<CoreDeps, 'db' | 'clock' | 'log'>, reader: Reader, ownerId: number): void {
  const tokens = reader.passTokens.filter(isPassTokenShape).slice(0, MAX_PASS_TOKENS);
  if (reader.userId === null && tokens.length === 0) return;
  const now = deps.clock.now();
  const key = `${ownerId}:${reader.userId ?? ''}:${tokens.join(',')}`;
  const last = noted.get(key);
  if (last !== undefined && now - last < LAST_READ_EVERY_MS && now >= last) return;
  if (noted.size >= REMEMBERED_MAX) noted.clear();
  noted.set(key, now);
  afterAnswer(
    () => writeLastRead(deps, reader.userId, tokens.map(hashPassToken), ownerId, now),
    (err) => deps.log(`Could not note a circle read of story ${ownerId}: ${(err as Error).message}`),
  );
}

async function writeLastRead(deps: Pick<CoreDeps, 'db'>, userId: number | null, hashes: string[], ownerId: number, now: number) {
  await deps.db
    .updateTable('circle_members')
    .set({ last_read_at: now })
    .where('owner_id', '=', ownerId)
    .where((eb) => {
      const byAccount = userId === null ? [] : [eb('joined_user_id', '=', userId)];
      const byPass =
        hashes.length === 0
          ? []
          : [
              eb(
                'id',
                'in',
                eb.selectFrom('reader_passes').select('member_id').where('owner_id', '=', ownerId).where('token_hash', 'in', hashes),
              ),
            ];
      return eb.or([...byAccount, ...byPass]);
    })
    .execute();
}

/** For tests: forget who was noted. */
export function forgetCircleReads(): void {
  noted.clear();
}
