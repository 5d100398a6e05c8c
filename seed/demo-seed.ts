// Demo data for the first start of an empty DATA_DIR: thirty people with stories, pictures, comments, likes
// and saves spread over two years (see seed/demo/). The server calls this at start when SEED_DEMO is on.
import type { CoreDeps } from '../server/src/core/shared/core-deps';
import { DEMO_PASSWORD, DEMO_PEOPLE, demoEmail } from './demo/people';
import { seedDemo, type DemoSummary } from './demo/run-demo-seed';

export type { DemoSummary } from './demo/run-demo-seed';
export { DEMO_PASSWORD, DEMO_PEOPLE, demoEmail } from './demo/people';

/**
 * Seeds the demo data if the database has no user at all (so a site that has ever had a member is never
 * touched), and logs one line saying what it made and how to sign in. Returns null when it did nothing.
 * Throws if seeding fails, after removing whatever it had made, so the next start may try again.
 */
export async function seedDemoIfEmpty(deps: CoreDeps, log: (line: string) => void = () => undefined): Promise<DemoSummary | null> {
  const anyone = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyone) return null;
  const summary = await seedDemo(deps);
  log(describeDemoSeed(summary));
  return summary;
}

export function describeDemoSeed(s: DemoSummary): string {
  const example = DEMO_PEOPLE.find((p) => p.story && !p.isPrivate)!.username;
  return (
    `Seeded demo data: ${s.people} people (${s.privatePeople} private), ${s.stories} stories of ${s.fewestPages} to ${s.mostPages} pages, ` +
    `${s.comments} comments, ${s.likes} likes, ${s.saves} saves, ${s.pictures} pictures, ${s.banners} banners (${(s.ms / 1000).toFixed(1)} s). ` +
    `Sign in as any of them with <username>@demo.lifestory.example and the password ${DEMO_PASSWORD}, e.g. ${demoEmail(example)}. ` +
    `SEED_DEMO=false skips this on an empty DATA_DIR.`
  );
}
