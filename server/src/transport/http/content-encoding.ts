// Which compressed copy a request takes (docs/decisions/0038-lighter-reader-pages.md): brotli when the client accepts
// it, gzip else, the plain bytes else. Shared by the static files (precompressed-files.ts), the app shell
// (client-assets.ts) and the rendered pages (server-render.ts), so that every answer reads Accept-Encoding alike.

export type Coding = 'br' | 'gzip';
export type Encoding = Coding | 'identity';

/** The q-value Accept-Encoding gives each name it lists (lower case); '*' stands for every name not listed. */
function qualities(header: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    const qParam = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? Math.min(Math.max(value, 0), 1) : 0);
  }
  return q;
}

/**
 * The encoding to answer with, among `offered` (the copies there are) and the plain bytes. The highest q-value wins;
 * at equal q brotli before gzip (smaller). A coding not listed (nor by '*') is refused, and q=0 refuses. The plain
 * bytes are taken only when nothing offered is accepted, or when the client ranks `identity` above it by name:
 * a client that lists only `br` gets brotli (RFC 9110 §12.5.3 leaves identity acceptable, never preferred).
 */
export function chooseEncoding(header: string | undefined, offered: readonly Coding[] = ['br', 'gzip']): Encoding {
  if (!header) return 'identity';
  const q = qualities(header);
  const star = q.get('*');
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const coding of ['br', 'gzip'] as const) {
    if (!offered.includes(coding)) continue;
    const value = q.get(coding) ?? star ?? 0;
    if (value > bestQ) {
      best = coding;
      bestQ = value;
    }
  }
  const identity = q.get('identity');
  if (identity !== undefined && identity > bestQ) return 'identity';
  return best;
}
