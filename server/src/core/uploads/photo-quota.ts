// Each person's space for uploads (PHOTO_QUOTA_BYTES, docs/decisions/0016-photos.md): originals plus their sizes.
import { type Kysely, sql } from 'kysely';
import { AppError } from '../../contract/errors';
import type { Database } from '../../db/schema';
import type { CoreDeps } from '../shared/core-deps';

export interface PhotoUsage {
  used_bytes: number;
  quota_bytes: number;
  /** Uploads the person has (photos, picture, banner). */
  photos: number;
}

/** Bytes of every upload the person owns, their sizes included. */
export async function usedBytes(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('uploads')
    .select(sql<number>`coalesce(sum(bytes + sizes_bytes), 0)`.as('used'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

export async function photoUsage(deps: CoreDeps, userId: number): Promise<PhotoUsage> {
  const row = await deps.db
    .selectFrom('uploads')
    .select([sql<number>`coalesce(sum(bytes + sizes_bytes), 0)`.as('used'), sql<number>`count(*)`.as('photos')])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { used_bytes: Number(row?.used ?? 0), quota_bytes: deps.config.photoQuotaBytes, photos: Number(row?.photos ?? 0) };
}

/** Bytes as people read them, in decimal units: "987 MB", "1 GB", "1.5 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1e9) return `${Number((bytes / 1e9).toFixed(1))} GB`;
  if (bytes >= 1e6) return `${Math.round(bytes / 1e6)} MB`;
  if (bytes >= 1e3) return `${Math.round(bytes / 1e3)} KB`;
  return `${bytes} bytes`;
}

/** 413 with what is used and what to do (docs/decisions/0016-photos.md). */
export function quotaExceeded(quota: number, used: number): AppError {
  return new AppError(
    'TOO_LARGE',
    `This photo would take you past your ${formatBytes(quota)} of space (${formatBytes(used)} used). Remove some photos first.`,
  );
}
