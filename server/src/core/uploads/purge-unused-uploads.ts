import type { CoreDeps } from '../shared/core-deps';
import { writeTransaction } from '../../db/transaction';
import { deleteBlobs, forgetUnreferenced } from './owned-upload';

/** Uploads nobody uses (see forgetUnreferenced) a day after they came are removed: an abandoned picker, a failed save, an image taken out of a story. */
export const UNUSED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Goes through every upload older than a day, `pageSize` at a time in name order (most of them are pictures and
 * banners in use, which must not hide the unused ones behind them), one short write transaction per page.
 */
export async function purgeUnusedUploads(deps: CoreDeps, pageSize = 500): Promise<number> {
  const cutoff = deps.clock.now() - UNUSED_UPLOAD_TTL_MS;
  let removed = 0;
  let after = '';
  for (;;) {
    const page = await deps.db
      .selectFrom('uploads')
      .select('name')
      .where('name', '>', after)
      .where('created_at', '<', cutoff)
      .orderBy('name')
      .limit(pageSize)
      .execute();
    if (page.length === 0) return removed;
    after = page[page.length - 1]!.name;
    const gone = await writeTransaction(deps, (trx) =>
      forgetUnreferenced(
        trx,
        page.map((u) => u.name),
      ),
    );
    await deleteBlobs(deps, gone);
    removed += gone.length;
    // Let requests in between pages: the checks are synchronous SQLite work.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
