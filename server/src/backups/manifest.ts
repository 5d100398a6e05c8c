// What a backup holds, written last (its presence marks the backup complete) and checked on restore.
import { z } from 'zod';

const file = z.object({ bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) });

export const manifestSchema = z.object({
  format: z.literal(1),
  id: z.string(),
  /** ISO time the copy of the database was taken at. */
  created_at: z.string(),
  database: file.extend({ file: z.literal('life-story.sqlite'), pages: z.number().int().positive() }),
  secret: file.extend({ file: z.literal('secret') }),
  uploads: z.array(file.extend({ name: z.string(), content_type: z.string() })),
  /** Files the database names that the file store no longer had when the backup ran. */
  missing_uploads: z.array(z.string()),
  /** Rows per table in the copy, compared again after a restore. */
  counts: z.record(z.number().int().nonnegative()),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

export const DATABASE_FILE = 'life-story.sqlite';
export const SECRET_FILE = 'secret';
export const uploadFile = (name: string) => `uploads/${name}`;

/** The tables whose row counts a restore must reproduce exactly. */
export const COUNTED_TABLES = ['users', 'stories', 'pages', 'likes', 'saves', 'comments', 'uploads', 'events'] as const;
