// Plays the demo plan through the core, with a clock moved back to each action's time, so the rows, the
// uploaded files and the events are exactly what the product would have written over those two years.
import pLimit from 'p-limit';
import { eraseAccount } from '../core/accounts/delete-account';
import type { CoreDeps } from '../core/shared/core-deps';
import type { Clock } from '../ports/clock';
import { makeBanner, makeComment, makeLike, makePicture, makeBookmark, makeStory, makeUser, type MadeUser } from './make';
import { renderAvatar, renderBanner } from './images';
import { markupToHtml } from './markup';
import { DEMO_PASSWORD, DEMO_PEOPLE, demoEmail, type DemoPerson } from './people';
import { birthDateFor, planDemo, type DemoAction } from './plan';

export interface DemoSummary {
  people: number;
  privatePeople: number;
  stories: number;
  fewestPages: number;
  mostPages: number;
  comments: number;
  likes: number;
  saves: number;
  pictures: number;
  banners: number;
  ms: number;
}

/** A clock the seed sets to each action's time. */
class SeedClock implements Clock {
  at = 0;
  now(): number {
    return this.at;
  }
}

/** Pictures first (sharp, two at a time): the timed part then only stores them. */
async function renderImages(people: readonly DemoPerson[]) {
  const limit = pLimit(2);
  const avatars = new Map<string, Buffer>();
  const banners = new Map<string, Buffer>();
  await Promise.all(
    people.flatMap((p) => [
      ...(p.avatar ? [limit(async () => avatars.set(p.username, await renderAvatar(p.avatar!.spec, p.username, p.avatar!.format)))] : []),
      ...(p.story?.banner ? [limit(async () => banners.set(p.username, await renderBanner(p.story!.banner!, p.username)))] : []),
    ]),
  );
  return { avatars, banners };
}

function describe(a: DemoAction): string {
  return 'person' in a ? `${a.kind} of ${a.person.username}` : `${a.kind} by ${a.who} on ${a.story}'s story`;
}

/**
 * Seeds the demo people into an empty database. `now` is when the two years end (the real time by default).
 * Writes go to `deps` with a clock of their own and without poking the projector: the caller catches it up
 * once at the end. On failure, everyone the seed made is deleted again (through the core, files included)
 * and the error is thrown.
 */
export async function seedDemo(deps: CoreDeps, options: { now?: number; people?: readonly DemoPerson[] } = {}): Promise<DemoSummary> {
  const started = performance.now();
  const people = options.people ?? DEMO_PEOPLE;
  const now = options.now ?? deps.clock.now();
  const clock = new SeedClock();
  const seedDeps: CoreDeps = { ...deps, clock, onEventsCommitted: () => undefined };
  const { actions } = planDemo(now, people);
  const images = await renderImages(people);
  const made = new Map<string, MadeUser>();
  const pages: number[] = [];
  const count = { comments: 0, likes: 0, saves: 0, pictures: 0, banners: 0 };
  const who = (username: string) => made.get(username)!;

  let current: DemoAction | undefined;
  try {
    for (const action of actions) {
      current = action;
      clock.at = Math.round(action.at);
      switch (action.kind) {
        case 'join': {
          const p = action.person;
          const fields = {
            username: p.username,
            email: demoEmail(p.username),
            first_name: p.firstName,
            last_name: p.lastName,
            dob: birthDateFor(p.username, p.age, now),
            password: DEMO_PASSWORD,
          };
          // Each person acts from a client key of their own, as separate people on separate networks would:
          // the real rate limits apply to every call, and no one person comes near them.
          made.set(p.username, await makeUser(seedDeps, fields, { isPrivate: p.isPrivate, clientKey: `demo-seed:${p.username}` }));
          break;
        }
        case 'picture':
          await makePicture(seedDeps, who(action.person.username), images.avatars.get(action.person.username)!);
          count.pictures++;
          break;
        case 'story': {
          const story = action.person.story!.text;
          const { page_count } = await makeStory(seedDeps, who(action.person.username), {
            title: story.title,
            html: markupToHtml(story.text),
          });
          pages.push(page_count);
          break;
        }
        case 'banner':
          await makeBanner(seedDeps, who(action.person.username), images.banners.get(action.person.username)!);
          count.banners++;
          break;
        case 'like':
          await makeLike(seedDeps, who(action.who), action.story);
          count.likes++;
          break;
        case 'bookmark':
          await makeBookmark(seedDeps, who(action.who), action.story);
          count.saves++;
          break;
        case 'comment':
          await makeComment(seedDeps, who(action.who), action.story, action.text);
          count.comments++;
          break;
      }
    }
  } catch (err) {
    await removeDemoPeople(deps, [...made.values()]);
    throw new Error(`Seeding the demo data failed at the ${current ? describe(current) : 'start'}: ${(err as Error).message}`, {
      cause: err,
    });
  } finally {
    deps.onEventsCommitted();
  }
  return {
    people: made.size,
    privatePeople: people.filter((p) => p.isPrivate).length,
    stories: pages.length,
    fewestPages: Math.min(...pages),
    mostPages: Math.max(...pages),
    ...count,
    ms: performance.now() - started,
  };
}

/** Undoes a half-made demo: each person is deleted as they would delete themselves (rows, files, events). */
async function removeDemoPeople(deps: CoreDeps, people: MadeUser[]): Promise<void> {
  for (const p of people) {
    await eraseAccount(deps, { userId: p.id }).catch(() => undefined);
  }
}

/** The one line the server logs after seeding: what was made and how to sign in. */
export function describeDemoSeed(s: DemoSummary): string {
  const example = DEMO_PEOPLE.find((p) => p.story && !p.isPrivate)!.username;
  return (
    `Seeded demo data: ${s.people} people (${s.privatePeople} private), ${s.stories} stories of ${s.fewestPages} to ${s.mostPages} pages, ` +
    `${s.comments} comments, ${s.likes} likes, ${s.saves} saves, ${s.pictures} pictures, ${s.banners} banners (${(s.ms / 1000).toFixed(1)} s). ` +
    `Sign in as any of them with <username>@demo.lifestory.example and the password ${DEMO_PASSWORD}, e.g. ${demoEmail(example)}. ` +
    `SEED_DEMO=false skips this on an empty DATA_DIR.`
  );
}
