// Demo data for the first start of an empty DATA_DIR: thirty people with stories, pictures, comments, likes
// and saves spread over two years (see the files beside this one). The server calls this at start when SEED_DEMO is on.
import type { CoreDeps } from '../core/shared/core-deps';
import type { DemoSummary } from './run-demo-seed';

/**
 * Seeds the demo data if the database has no user at all (so a site that has ever had a member is never
 * touched), and logs one line saying what it made and how to sign in. Returns null when it did nothing.
 * Throws if seeding fails, after removing whatever it had made, so the next start may try again.
 */
export async function seedDemoIfEmpty(deps: CoreDeps, log: (line: string) => void = () => undefined): Promise<DemoSummary | null> {
  const anyone = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return null;
  // Loaded only for an empty database: the stories, the image renderer and sharp stay out of a running site.
  const { seedDemo, describeDemoSeed } = await import('./run-demo-seed');
  const summary = await seedDemo(deps);
  log(describeDemoSeed(summary));
  return summary;
}
