// Writes at a fixed rate (likes and unlikes, comments) from signed-in people, and meanwhile the lag from a
// write's acknowledgement to its visibility where readers look: the all-time top list and search.
//
// Top list probe: two neighbours P below Q in the all-time list with the same like count (Q ranks above on
// the tie-break). A like on P must lift it above Q, its unlike put it back below: the probe acknowledges one,
// then polls the list page every 5 ms until the order has flipped. Search probe: an author renames their
// story to a title with a word never seen before, then polls search for that word until the story shows up
// under its new title. The background writes never touch the probes' stories.
import type { ListItem } from '../../server/src/contract/explore';
import { trpcMutation, trpcQuery } from './http-client';
import type { Person, StoryRef } from './sample-data';
import { nowMs, seededRandom, sleep, summarize, type Summary } from './stats';

const POLL_MS = 5;
const GIVE_UP_MS = 10_000;
const PAGE = 50;

export interface WriteResult {
  seconds: number;
  likes: { acked: number; failed: number; ack: Summary };
  comments: { acked: number; failed: number; ack: Summary };
  /** `failed`: the probe's own writes that were refused (it tries again); a server error must not end the run. */
  topLag: { lag: Summary; notSeen: number; failed: number };
  searchLag: { lag: Summary; notSeen: number; failed: number };
}

interface TiePair {
  page: number;
  p: string;
  q: string;
}

const topPage = (base: string, page: number) => trpcQuery<ListItem[]>(base, 'explore.top', { window: 'all', page, limit: PAGE });

/** Neighbours with equal like counts, well inside a page (so that small moves keep both on it), one per page. */
async function findTiePairs(base: string, wanted: number, exclude: Set<string>): Promise<TiePair[]> {
  const pairs: TiePair[] = [];
  for (let page = 2; page <= 400 && pairs.length < wanted; page++) {
    const items = await topPage(base, page);
    for (let i = 10; i < Math.min(items.length, 40); i++) {
      const q = items[i - 1]!;
      const p = items[i]!;
      if (p.like_count === q.like_count && p.like_count > 0 && !exclude.has(p.username) && !exclude.has(q.username)) {
        pairs.push({ page, p: p.username, q: q.username });
        break;
      }
    }
  }
  if (pairs.length < 2) throw new Error(`Found only ${pairs.length} tied neighbours in the all-time list for the lag probes.`);
  return pairs;
}

/** Polls until `seen` holds; the lag from `ackedAt` to the answer that showed it, or null after GIVE_UP_MS. */
async function lagUntil(ackedAt: number, seen: () => Promise<boolean>): Promise<number | null> {
  for (;;) {
    const ok = await seen();
    const at = nowMs();
    if (ok) return at - ackedAt;
    if (at - ackedAt > GIVE_UP_MS) return null;
    await sleep(POLL_MS);
  }
}

export interface WriteSpec {
  base: string;
  /** Signed-in people: [person, cookie]. The first 3 are the probes, the rest write in the background. */
  writers: Array<[Person, string]>;
  stories: StoryRef[];
  likesPerSecond: number;
  commentsPerSecond: number;
  seconds: number;
}

export async function runWrites(spec: WriteSpec): Promise<WriteResult> {
  const { base } = spec;
  const rnd = seededRandom(11);
  const [topProbeA, topProbeB, searchProbe, ...background] = spec.writers;
  if (!topProbeA || !topProbeB || !searchProbe || background.length === 0) throw new Error('runWrites needs at least 4 signed-in people.');

  const writerNames = new Set(spec.writers.map(([p]) => p.username));
  const candidates = await findTiePairs(base, 6, writerNames);
  // A probe must not already like its P (a like would then only restore the tie, which Q wins).
  const pairs: TiePair[] = [];
  for (const [, cookie] of [topProbeA, topProbeB]) {
    for (const pair of candidates) {
      if (pairs.includes(pair)) continue;
      const flags = await trpcQuery<{ liked: boolean }>(base, 'social.flags', { story_username: pair.p }, cookie);
      if (!flags.liked) {
        pairs.push(pair);
        break;
      }
    }
  }
  if (pairs.length < 2) throw new Error('No tied neighbours that the top-list probes have not liked yet.');
  const reserved = new Set([...pairs.flatMap((x) => [x.p, x.q]), searchProbe[0].username]);
  const targets = spec.stories.filter((s) => !reserved.has(s.username));

  let running = true;
  const likeAcks: number[] = [];
  const commentAcks: number[] = [];
  let likeFailures = 0;
  let commentFailures = 0;
  const inFlight: Array<Promise<void>> = [];

  // Open-loop background writes: each fires on schedule whether or not the previous one has answered.
  const liked = new Map<string, string[]>(); // writer -> stories it has liked in this run
  const like = async (): Promise<void> => {
    const [who, cookie] = background[Math.floor(rnd() * background.length)]!;
    const mine = liked.get(who.username) ?? [];
    const unlike = mine.length > 0 && rnd() < 0.5;
    const story = unlike ? mine.splice(Math.floor(rnd() * mine.length), 1)[0]! : targets[Math.floor(rnd() * targets.length)]!.username;
    const sent = nowMs();
    try {
      await trpcMutation(base, 'social.like', { story_username: story, on: !unlike }, cookie);
      likeAcks.push(nowMs() - sent);
      if (!unlike) liked.set(who.username, [...mine, story]);
    } catch {
      likeFailures += 1;
    }
  };
  const comment = async (): Promise<void> => {
    const [, cookie] = background[Math.floor(rnd() * background.length)]!;
    const story = targets[Math.floor(rnd() * targets.length)]!.username;
    const sent = nowMs();
    try {
      await trpcMutation(
        base,
        'social.comment',
        { story_username: story, text: `Benchmark comment ${Math.floor(rnd() * 1e9)}: thank you for sharing this.` },
        cookie,
      );
      commentAcks.push(nowMs() - sent);
    } catch {
      commentFailures += 1;
    }
  };
  const ticker = (perSecond: number, fire: () => Promise<void>) =>
    (async () => {
      const start = nowMs();
      for (let n = 0; running; n++) {
        const due = start + (n * 1000) / perSecond;
        if (due > nowMs()) await sleep(due - nowMs());
        if (!running) break;
        inFlight.push(fire());
      }
    })();

  // Top-list probes: like then unlike, again and again, each time waiting for the list to show it.
  const topLags: number[] = [];
  let topNotSeen = 0;
  let topFailed = 0;
  const topProbe = async ([, cookie]: [Person, string], pair: TiePair) => {
    const order = async () => {
      const names = (await topPage(base, pair.page)).map((i) => i.username);
      return { p: names.indexOf(pair.p), q: names.indexOf(pair.q) };
    };
    for (let on = true; running; on = !on) {
      if (
        !(await trpcMutation(base, 'social.like', { story_username: pair.p, on }, cookie).then(
          () => true,
          () => false,
        ))
      ) {
        topFailed += 1;
        on = !on; // the same write again
        await sleep(50);
        continue;
      }
      const lag = await lagUntil(nowMs(), async () => {
        const { p, q } = await order();
        return p >= 0 && q >= 0 && (on ? p < q : p > q);
      });
      if (lag === null) topNotSeen += 1;
      else topLags.push(lag);
      await sleep(50);
    }
  };

  // Search probe: the author renames the story to a title with a fresh word and looks for it.
  const searchLags: number[] = [];
  let searchNotSeen = 0;
  let searchFailed = 0;
  const searchProbeLoop = async ([who, cookie]: [Person, string]) => {
    const story = await trpcQuery<{ text: string | null }>(base, 'stories.get', { username: who.username }, cookie);
    const text = story.text ?? '<p>A story.</p>';
    for (let n = 0; running; n++) {
      const word = `zq${Math.floor(rnd() * 26 ** 6)
        .toString(26)
        .replace(/[0-9]/g, (d) => 'klmnopqrst'[Number(d)]!)}${n}x`;
      const title = `Notes ${word}`;
      if (
        !(await trpcMutation(base, 'stories.publish', { title, text }, cookie).then(
          () => true,
          () => false,
        ))
      ) {
        searchFailed += 1;
        await sleep(200);
        continue;
      }
      const lag = await lagUntil(nowMs(), async () => {
        const hits = await trpcQuery<ListItem[]>(base, 'explore.search', { text: word, kind: 'stories' });
        return hits.some((h) => h.username === who.username && h.title === title);
      });
      if (lag === null) searchNotSeen += 1;
      else searchLags.push(lag);
      await sleep(200);
    }
  };

  const started = nowMs();
  const loops = [
    ticker(spec.likesPerSecond, like),
    ticker(spec.commentsPerSecond, comment),
    topProbe(topProbeA, pairs[0]!),
    topProbe(topProbeB, pairs[1]!),
    searchProbeLoop(searchProbe),
  ];
  await sleep(spec.seconds * 1000);
  running = false;
  await Promise.all(loops);
  await Promise.all(inFlight);
  const seconds = (nowMs() - started) / 1000;
  return {
    seconds,
    likes: { acked: likeAcks.length, failed: likeFailures, ack: summarize(likeAcks) },
    comments: { acked: commentAcks.length, failed: commentFailures, ack: summarize(commentAcks) },
    topLag: { lag: summarize(topLags), notSeen: topNotSeen, failed: topFailed },
    searchLag: { lag: summarize(searchLags), notSeen: searchNotSeen, failed: searchFailed },
  };
}
