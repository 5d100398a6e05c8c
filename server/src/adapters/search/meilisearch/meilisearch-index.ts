/**
 * SearchIndex on Meilisearch: the scale-out adapter, chosen by MEILI_URL. One index holds story and people
 * documents (documents.ts) under the settings in index-settings.ts, applied at start. Every write waits for
 * its Meilisearch task to succeed (wait-for-task.ts), so the projector moves its checkpoint only once the
 * documents are really there; a failure rejects and the projector retries with back-off. Top lists are
 * served from the documents' counters (top-lists.ts); highlights come from `_matchesPosition` (highlights.ts).
 *
 * Meilisearch being down never stops a start: init() says so in the log and every later call sets the index
 * up again first. A refused key does stop it (a configuration mistake).
 *
 * rebuild() fills `<uid>-rebuild` and swaps it with the live index in one Meilisearch task, so searches answer
 * from the old documents until the new ones are complete; a failed fill drops the new index and changes
 * nothing.
 */
import { Meilisearch, type EnqueuedTask, type Index } from 'meilisearch';
import { AppError } from '../../../contract/errors';
import {
  SEARCH_DEPTH,
  type SearchHit,
  type SearchIndex,
  type SearchIndexWriter,
  type SearchKind,
  type SearchQuery,
  type StoryDoc,
  type TopWindow,
  type UserDoc,
} from '../../../ports/search-index';
import { type DocKind, lastOfEachId, type MeiliDoc, storyDocId, storyDocument, userDocId, userDocument } from './documents';
import { type MatchedHit, matchesOfHit, normaliseMatches } from './highlights';
import { INDEX_SETTINGS } from './index-settings';
import { explainMeiliError, MeiliUnavailableError } from './meili-errors';
import { clampLimit, meiliQuery } from './query-text';
import { topListQuery } from './top-lists';
import { waitForTask } from './wait-for-task';

const SEARCH_UNAVAILABLE = 'Search and top lists are unavailable for a moment. Please try again shortly.';

export interface MeilisearchIndexOptions {
  url: string;
  key?: string;
  /** The index uid. */
  index: string;
  log?: (message: string) => void;
  /** How long one HTTP request may take. */
  requestTimeoutMs?: number;
  /** How long a write waits for its task before it counts as failed (and is retried by the projector). */
  taskTimeoutMs?: number;
  /** The same for the tasks of a rebuild, which may hold many documents. */
  rebuildTaskTimeoutMs?: number;
}

const KIND_FILTER: Record<SearchKind, string | undefined> = {
  all: undefined,
  stories: 'kind = "story"',
  users: 'kind = "user"',
};

const RETRIEVE = ['pid', 'kind', 'text', 'names'];

type Hit = MatchedHit & { pid: number };

export class MeilisearchIndex implements SearchIndex {
  readonly name = 'meilisearch';
  private readonly client: Meilisearch;
  private readonly uid: string;
  private readonly url: string;
  private readonly log: (message: string) => void;
  private readonly taskTimeoutMs: number;
  private readonly rebuildTaskTimeoutMs: number;
  private ready: Promise<void> | null = null;

  constructor(options: MeilisearchIndexOptions) {
    this.url = options.url;
    this.uid = options.index;
    this.log = options.log ?? (() => undefined);
    this.taskTimeoutMs = options.taskTimeoutMs ?? 60_000;
    this.rebuildTaskTimeoutMs = options.rebuildTaskTimeoutMs ?? 10 * 60_000;
    this.client = new Meilisearch({ host: options.url, apiKey: options.key, timeout: options.requestTimeoutMs ?? 10_000 });
  }

  async init(): Promise<void> {
    try {
      await this.run(() => this.live());
    } catch (err) {
      if (!(err instanceof MeiliUnavailableError)) throw err;
      this.log(`search: ${err.message}; searches fail and the index catches up once it is back`);
    }
  }

  // ------------------------------------------------------------------------------------------ writes

  async upsertStories(docs: StoryDoc[]): Promise<void> {
    if (docs.length === 0) return;
    await this.write((index) => index.addDocuments(lastOfEachId(docs).map(storyDocument), { primaryKey: 'id' }));
  }

  async upsertUsers(docs: UserDoc[]): Promise<void> {
    if (docs.length === 0) return;
    await this.write((index) => index.addDocuments(lastOfEachId(docs).map(userDocument), { primaryKey: 'id' }));
  }

  async deleteStories(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.write((index) => index.deleteDocuments([...new Set(ids)].map(storyDocId)));
  }

  async deleteUsers(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.write((index) => index.deleteDocuments([...new Set(ids)].map(userDocId)));
  }

  async clear(): Promise<void> {
    await this.write((index) => index.deleteAllDocuments());
  }

  async rebuild(fill: (writer: SearchIndexWriter) => Promise<void>): Promise<void> {
    const fresh = `${this.uid}-rebuild`;
    await this.run(async () => {
      await this.live();
      await this.dropIndex(fresh); // left over by a rebuild that died
      await this.setUp(fresh);
    });
    const target = this.client.index<MeiliDoc>(fresh);
    // Tasks are only enqueued while filling (Meilisearch batches them) and awaited together at the end.
    const pending: EnqueuedTask[] = [];
    const enqueue = async (docs: MeiliDoc[]) => {
      if (docs.length) pending.push(await this.run(() => target.addDocuments(docs, { primaryKey: 'id' })));
    };
    try {
      await fill({
        upsertStories: (docs) => enqueue(lastOfEachId(docs).map(storyDocument)),
        upsertUsers: (docs) => enqueue(lastOfEachId(docs).map(userDocument)),
      });
      await this.run(async () => {
        for (const task of pending) await waitForTask(this.client, task, this.rebuildTaskTimeoutMs);
      });
    } catch (err) {
      await this.run(() => this.dropIndex(fresh)).catch(() => undefined);
      throw err;
    }
    await this.run(() =>
      waitForTask(this.client, this.client.swapIndexes([{ indexes: [this.uid, fresh], rename: false }]), this.taskTimeoutMs),
    );
    // The fresh uid now holds the old documents.
    await this.run(() => this.dropIndex(fresh)).catch((err: Error) =>
      this.log(`search: could not drop ${fresh} after a rebuild: ${err.message}`),
    );
  }

  // ------------------------------------------------------------------------------------------ reads

  async search(query: SearchQuery): Promise<SearchHit[]> {
    const q = meiliQuery(query.text ?? '');
    if (q === null) return [];
    const limit = clampLimit(query.limit);
    const offset = Math.max(0, Math.min(SEARCH_DEPTH - limit, Math.floor(query.offset ?? 0) || 0));
    return this.read(async () => {
      await this.live();
      const index = this.client.index<MeiliDoc>(this.uid);
      // In kind 'all' an id has up to two documents: its best-ranked one decides its place, and twice the ids
      // wanted always holds the best documents of the best `offset + limit` ids (read from the top, since where
      // a page starts among documents depends on the ids above it).
      const all = query.kind === 'all';
      const wanted = all ? (offset + limit) * 2 : limit;
      const params = { attributesToRetrieve: RETRIEVE, showMatchesPosition: true, matchingStrategy: 'all' as const };
      const res = await index.search(q, { ...params, offset: all ? 0 : offset, limit: wanted, filter: KIND_FILTER[query.kind] });
      const hits = res.hits as unknown as Hit[];

      const order: number[] = [];
      const found = new Map<number, { kinds: Set<DocKind>; hits: Hit[] }>();
      const skip = all ? offset : 0;
      let seen = 0;
      const skipped = new Set<number>();
      for (const hit of hits) {
        if (skipped.has(hit.pid)) continue;
        let entry = found.get(hit.pid);
        if (!entry) {
          if (seen++ < skip) {
            skipped.add(hit.pid);
            continue;
          }
          if (order.length >= limit) continue;
          entry = { kinds: new Set(), hits: [] };
          found.set(hit.pid, entry);
          order.push(hit.pid);
        }
        entry.kinds.add(hit.kind);
        entry.hits.push(hit);
      }
      // A hit shows the matches of both documents of its id; the other one may rank below what was read.
      const lonely = query.kind === 'all' && hits.length === wanted ? order.filter((id) => found.get(id)!.kinds.size === 1) : [];
      if (lonely.length) {
        const more = await index.search(q, { ...params, limit: lonely.length * 2, filter: `pid IN [${lonely.join(', ')}]` });
        for (const hit of more.hits as unknown as Hit[]) {
          const entry = found.get(hit.pid);
          if (entry && !entry.kinds.has(hit.kind)) {
            entry.kinds.add(hit.kind);
            entry.hits.push(hit);
          }
        }
      }
      return order.map((id) => ({ id, matches: normaliseMatches(found.get(id)!.hits.flatMap(matchesOfHit)) }));
    });
  }

  async top(window: TopWindow, offset: number, limit: number): Promise<number[]> {
    const lim = Math.max(0, Math.floor(limit));
    const off = Math.max(0, Math.floor(offset));
    if (lim === 0) return [];
    return this.read(async () => {
      await this.live();
      const { filter, sort } = topListQuery(window);
      const page = await this.client.index<MeiliDoc>(this.uid).getDocuments({ filter, sort, offset: off, limit: lim, fields: ['pid'] });
      return page.results.map((d) => d.pid);
    });
  }

  async countTop(window: TopWindow): Promise<number> {
    return this.read(async () => {
      await this.live();
      const { filter } = topListQuery(window);
      const page = await this.client.index<MeiliDoc>(this.uid).getDocuments({ filter, limit: 1, fields: ['pid'] });
      return page.total;
    });
  }

  async close(): Promise<void> {
    // Nothing to release: every request is a plain fetch.
  }

  // ------------------------------------------------------------------------------------------ helpers

  /** The live index exists with our settings; set up once, and again after a failure. */
  private live(): Promise<void> {
    this.ready ??= this.setUp(this.uid).catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  private async setUp(uid: string): Promise<void> {
    await waitForTask(this.client, this.client.createIndex(uid, { primaryKey: 'id' }), this.taskTimeoutMs, ['index_already_exists']);
    await waitForTask(this.client, this.client.index(uid).updateSettings(INDEX_SETTINGS), this.taskTimeoutMs);
  }

  private async dropIndex(uid: string): Promise<void> {
    await waitForTask(this.client, this.client.deleteIndex(uid), this.taskTimeoutMs, ['index_not_found']);
  }

  private async write(op: (index: Index<MeiliDoc>) => Promise<EnqueuedTask>): Promise<void> {
    await this.run(async () => {
      await this.live();
      await waitForTask(this.client, op(this.client.index<MeiliDoc>(this.uid)), this.taskTimeoutMs);
    });
  }

  /** Every call goes through here, so that its failure reads as one clear line. */
  private async run<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw explainMeiliError(err, this.url);
    }
  }

  /** Reads answer people: while Meilisearch is away they get a 503 that says so, not a 500. */
  private async read<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await this.run(fn);
    } catch (err) {
      if (err instanceof MeiliUnavailableError) throw new AppError('UNAVAILABLE', SEARCH_UNAVAILABLE, undefined, 5);
      throw err;
    }
  }
}
