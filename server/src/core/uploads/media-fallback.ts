import type { CoreDeps } from '../shared/core-deps';
import { parseSizes, SIZE_NAME } from './photo-sizes';

/**
 * Where a size that was never made leads (docs/decisions/0016-photos.md, "Sizes by name"): the client asks for
 * `<stem>-960.webp` of a banner or picture without knowing which sizes exist. Sizes are made only narrower than
 * the original (and not at all before migration 007), so a missing one means the original is the nearest
 * existing image: its name is returned. A size that exists returns itself; an unknown stem or a name that is
 * not a size returns null. One primary-key read, made only when the size's file is missing or the files are
 * served from a public base URL.
 */
export async function resolveSizeName(deps: CoreDeps, name: string): Promise<string | null> {
  const m = SIZE_NAME.exec(name);
  if (!m) return null;
  const [, stem, width] = m;
  const row = await deps.db
    .selectFrom('uploads')
    .select(['name', 'sizes'])
    .where('name', 'in', [`${stem}.jpg`, `${stem}.png`])
    .executeTakeFirst();
  if (!row) return null;
  return parseSizes(row.sizes).includes(Number(width)) ? name : row.name;
}
