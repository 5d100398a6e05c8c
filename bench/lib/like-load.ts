// Likes at saturation, as the original app's client sends them: POST /api/users/like with
// {data: {story_username, liked}} (liked = the state the button showed, so liked=true unlikes). One keep-alive
// connection per signed-in person, each sending its next request as soon as the last is answered, alternating a
// like of a story it does not like yet and an unlike of the one it liked HOLD likes ago (so that a like and its
// unlike rarely meet in one projector batch and cancel out).
//
// The CPU figure is the server process's CPU time (user + system) from the first request until the projector has
// folded the last event (its checkpoint reaches the newest event, read from the database file), divided by the
// likes and unlikes that changed something: the whole cost of a like, request and projection alike.
import http from 'node:http';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DB_FILE } from './dataset';
import { cpuMicros } from './server-process';
import { nowMs, seededRandom, sleep, summarize, type Summary } from './stats';

/** Likes each person holds before it starts unliking the oldest. */
const HOLD = 4;
const CATCH_UP_LIMIT_MS = 60_000;

export interface LikeLoadSpec {
  base: string;
  pid: number;
  dataDir: string;
  /** One connection per person: their session cookies. */
  cookies: string[];
  /** Usernames of the stories to like. */
  stories: string[];
  seconds: number;
  warmupSeconds: number;
  /**
   * Events the projector has not folded yet, when the data is not in DATA_DIR's SQLite file (PostgreSQL:
   * bench/lib/postgres-target.ts). Absent: read from the SQLite file.
   */
  pendingEvents?: () => Promise<number>;
  /** CPU time of the database server's processes so far, in µs, when it runs apart from the server (PostgreSQL). */
  databaseCpuMicros?: () => number;
}

export interface LikeLoadResult {
  connections: number;
  seconds: number;
  rps: number;
  latency: Summary;
  /** Answered likes and unlikes (201 liked, 200 unliked; a like of a story the person already liked changes nothing). */
  changed: number;
  failed: number;
  /** From the last answer until the projector had folded every event. */
  catchUpMs: number;
  /** Server CPU time per answered like or unlike, projector included. */
  cpuMicrosPerLike: number;
  /** The database server's CPU time per answered like or unlike (PostgreSQL only: SQLite runs inside the server). */
  databaseCpuMicrosPerLike?: number;
}

/** The projector's checkpoint and the newest event, read from the database file (WAL readers do not block). */
function projectorLag(dbFile: string): { events: () => number | Promise<number>; close: () => void } {
  const db = new BetterSqlite3(dbFile, { readonly: true, fileMustExist: true });
  const stmt = db
    .prepare(
      `SELECT (SELECT coalesce(max(seq), 0) FROM events) - coalesce((SELECT seq FROM projector_checkpoints WHERE name = 'search'), 0)`,
    )
    .pluck();
  return { events: () => stmt.get() as number, close: () => db.close() };
}

function post(agent: http.Agent, url: string, body: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), cookie },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(30_000, () => req.destroy(new Error('timeout: POST /api/users/like')));
    req.end(body);
  });
}

/**
 * One stretch of likes and unlikes for `seconds` (`held`: each person's likes not yet undone, kept between
 * stretches). Also the side-by-side's likes (bench/side-by-side/), where the original app answers the same request.
 */
export async function likePhase(
  spec: Pick<LikeLoadSpec, 'base' | 'cookies' | 'stories'>,
  seconds: number,
  held: string[][],
  rnd: () => number,
  record: boolean,
) {
  const url = `${spec.base}/api/users/like`;
  const latencies: number[] = [];
  let changed = 0;
  let failed = 0;
  const until = nowMs() + seconds * 1000;
  const loops = spec.cookies.map(async (cookie, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const mine = held[i]!;
    try {
      for (let n = 0; nowMs() < until; n++) {
        const unlike = mine.length >= HOLD && n % 2 === 1;
        let story: string;
        if (unlike) story = mine.shift()!;
        else {
          do story = spec.stories[Math.floor(rnd() * spec.stories.length)]!;
          while (mine.includes(story));
        }
        const sent = nowMs();
        const status = await post(agent, url, JSON.stringify({ data: { story_username: story, liked: unlike } }), cookie).catch(() => 0);
        if (status === 200 || status === 201) {
          if (!unlike) mine.push(story);
          if (record) {
            latencies.push(nowMs() - sent);
            changed += 1;
          }
        } else if (record) failed += 1;
      }
    } finally {
      agent.destroy();
    }
  });
  const started = nowMs();
  await Promise.all(loops);
  return { latencies, changed, failed, seconds: (nowMs() - started) / 1000 };
}

export async function runLikeLoad(spec: LikeLoadSpec): Promise<LikeLoadResult> {
  const lag = spec.pendingEvents ? { events: spec.pendingEvents, close: () => undefined } : projectorLag(path.join(spec.dataDir, DB_FILE));
  const rnd = seededRandom(13);
  const held = spec.cookies.map(() => [] as string[]);
  const caughtUp = async () => {
    const since = nowMs();
    while ((await lag.events()) > 0) {
      if (nowMs() - since > CATCH_UP_LIMIT_MS) throw new Error('The projector did not catch up within a minute.');
      await sleep(5);
    }
    return nowMs() - since;
  };
  try {
    if (spec.warmupSeconds > 0) await likePhase(spec, spec.warmupSeconds, held, rnd, false);
    await caughtUp();
    const before = cpuMicros(spec.pid);
    const databaseBefore = spec.databaseCpuMicros?.();
    const r = await likePhase(spec, spec.seconds, held, rnd, true);
    const catchUpMs = await caughtUp();
    const cpu = cpuMicros(spec.pid) - before;
    const databaseCpu = databaseBefore === undefined ? undefined : spec.databaseCpuMicros!() - databaseBefore;
    // Leave the people's likes as they were found.
    await Promise.all(
      held.map(async (stories, i) => {
        const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
        for (const story of stories) {
          await post(
            agent,
            `${spec.base}/api/users/like`,
            JSON.stringify({ data: { story_username: story, liked: true } }),
            spec.cookies[i]!,
          );
        }
        agent.destroy();
      }),
    );
    await caughtUp();
    return {
      connections: spec.cookies.length,
      seconds: r.seconds,
      rps: r.changed / r.seconds,
      latency: summarize(r.latencies),
      changed: r.changed,
      failed: r.failed,
      catchUpMs,
      cpuMicrosPerLike: r.changed > 0 ? cpu / r.changed : Number.NaN,
      ...(databaseCpu === undefined ? {} : { databaseCpuMicrosPerLike: r.changed > 0 ? databaseCpu / r.changed : Number.NaN }),
    };
  } finally {
    lag.close();
  }
}
