import type { CoreDeps } from '../shared/core-deps';
import { writeTransaction } from '../shared/transaction';
import { deleteBlobs, forgetUnreferenced } from './owned-upload';

/** Uploads nobody attached as a picture or banner within a day are removed (an abandoned picker, a failed save). */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export async function purgeUnusedUploads(deps: CoreDeps): Promise<number> {
  const cutoff = deps.clock.now() - UNUSED_UPLOAD_TTL_MS;
  const old = await deps.db.selectFrom('uploads').select('name').where('created_at', '<', cutoff).limit(1000).execute();
  if (old.length === 0) return 0;
  const gone = await writeTransaction(deps, (trx) => forgetUnreferenced(trx, old.map((u) => u.name)));
  await deleteBlobs(deps, gone);
  return gone.length;
}
