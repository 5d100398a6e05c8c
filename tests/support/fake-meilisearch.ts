/**
 * A tiny stand-in for the part of the Meilisearch HTTP API that the adapter's plumbing uses: tasks (enqueued,
 * then polled until they finish), index creation and deletion, settings, document writes, swaps. It checks the
 * protocol only (what is sent, in which order, and what happens while a task is pending or fails); it does
 * not search. It is not Meilisearch, and the SearchIndex contract never runs against it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeTask {
  uid: number;
  indexUid: string | null;
  type: string;
  /** What the task ends as once it is released. */
  outcome: { status: 'succeeded' } | { status: 'failed'; code: string; message: string };
  /** While false, polls see it as processing. */
  released: boolean;
  polls: number;
}

type Reply = { status: number; body?: unknown };
type Handler = (req: RecordedRequest) => Reply | undefined;

export class FakeMeilisearch {
  readonly requests: RecordedRequest[] = [];
  readonly tasks: FakeTask[] = [];
  readonly indexes = new Set<string>();
  /** Documents per index, by id (enough to see where writes went). */
  readonly documents = new Map<string, Map<string, Record<string, unknown>>>();
  /** New tasks are held (processing) until release() when false. */
  autoRelease = true;
  /** Decides how each new task ends; by default every task succeeds. */
  outcomeFor: (type: string, indexUid: string | null) => FakeTask['outcome'] | undefined = () => undefined;
  /** Answers a request before the built-in routes do (searches, document fetches, errors). */
  handler: Handler = () => undefined;
  /** Answers every request with this key or refuses it with 403, as Meilisearch does with a master key. */
  key: string | null = null;
  private server: http.Server | null = null;
  private taskWaiters: Array<() => void> = [];

  get url(): string {
    const { port } = this.server!.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const recorded: RecordedRequest = { method: req.method ?? 'GET', path: url.pathname, body: raw ? JSON.parse(raw) : undefined };
        if (!url.pathname.startsWith('/tasks/')) this.requests.push(recorded);
        const reply = this.route(recorded, req.headers.authorization);
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }

  /** Lets every held task finish. */
  releaseAll(): void {
    for (const t of this.tasks) t.released = true;
  }

  /** Resolves once a task has been polled `polls` times while held (the adapter is waiting on it). */
  waitForPolls(polls: number): Promise<FakeTask> {
    return new Promise((resolve) => {
      const check = () => {
        const t = this.tasks.find((x) => !x.released && x.polls >= polls);
        if (t) resolve(t);
        else this.taskWaiters.push(check);
      };
      check();
    });
  }

  /** The non-task requests as "METHOD /path", in order. */
  calls(): string[] {
    return this.requests.map((r) => `${r.method} ${r.path}`);
  }

  private enqueue(type: string, indexUid: string | null, apply: () => FakeTask['outcome'] | undefined): Reply {
    const outcome = this.outcomeFor(type, indexUid) ?? apply() ?? { status: 'succeeded' as const };
    const task: FakeTask = { uid: this.tasks.length, indexUid, type, outcome, released: this.autoRelease, polls: 0 };
    this.tasks.push(task);
    return { status: 202, body: { taskUid: task.uid, indexUid, status: 'enqueued', type, enqueuedAt: new Date().toISOString() } };
  }

  private route(req: RecordedRequest, authorization: string | undefined): Reply {
    if (this.key !== null && authorization !== `Bearer ${this.key}`) {
      return { status: 403, body: { message: 'The provided API key is invalid.', code: 'invalid_api_key', type: 'auth', link: '' } };
    }
    const custom = this.handler(req);
    if (custom) return custom;
    const { method, path } = req;
    const body = req.body as Record<string, unknown> | unknown[] | undefined;
    let m: RegExpMatchArray | null;
    m = method === 'GET' ? path.match(/^\/tasks\/(\d+)$/) : null;
    if (m) return this.taskView(Number(m[1]));
    if (method === 'POST' && path === '/indexes') {
      const uid = String((body as Record<string, unknown>).uid);
      return this.enqueue('indexCreation', uid, () => {
        if (this.indexes.has(uid)) return { status: 'failed', code: 'index_already_exists', message: `Index \`${uid}\` already exists.` };
        this.indexes.add(uid);
        this.documents.set(uid, new Map());
      });
    }
    m = method === 'DELETE' ? path.match(/^\/indexes\/([^/]+)$/) : null;
    if (m) {
      const uid = m[1]!;
      return this.enqueue('indexDeletion', uid, () => {
        if (!this.indexes.delete(uid)) return { status: 'failed', code: 'index_not_found', message: `Index \`${uid}\` not found.` };
        this.documents.delete(uid);
      });
    }
    m = method === 'PATCH' ? path.match(/^\/indexes\/([^/]+)\/settings$/) : null;
    if (m) return this.enqueue('settingsUpdate', m[1]!, () => undefined);
    m = method === 'POST' ? path.match(/^\/indexes\/([^/]+)\/documents$/) : null;
    if (m) {
      const uid = m[1]!;
      return this.enqueue('documentAdditionOrUpdate', uid, () => {
        const docs = this.documents.get(uid) ?? new Map();
        this.documents.set(uid, docs);
        for (const d of body as Array<Record<string, unknown>>) docs.set(String(d.id), d);
      });
    }
    m = method === 'POST' ? path.match(/^\/indexes\/([^/]+)\/documents\/delete-batch$/) : null;
    if (m) {
      const uid = m[1]!;
      return this.enqueue('documentDeletion', uid, () => {
        for (const id of body as string[]) this.documents.get(uid)?.delete(id);
      });
    }
    m = method === 'DELETE' ? path.match(/^\/indexes\/([^/]+)\/documents$/) : null;
    if (m) {
      const uid = m[1]!;
      return this.enqueue('documentDeletion', uid, () => void this.documents.get(uid)?.clear());
    }
    if (method === 'POST' && path === '/swap-indexes') {
      const [a, b] = (body as Array<{ indexes: [string, string] }>)[0]!.indexes;
      return this.enqueue('indexSwap', null, () => {
        const da = this.documents.get(a);
        this.documents.set(a, this.documents.get(b) ?? new Map());
        this.documents.set(b, da ?? new Map());
      });
    }
    return { status: 404, body: { message: `fake: no route for ${method} ${path}`, code: 'not_found', type: 'invalid_request', link: '' } };
  }

  private taskView(uid: number): Reply {
    const t = this.tasks[uid];
    if (!t) return { status: 404, body: { message: 'task not found', code: 'task_not_found', type: 'invalid_request', link: '' } };
    t.polls++;
    const waiters = this.taskWaiters.splice(0);
    for (const w of waiters) w();
    const status = t.released ? t.outcome.status : 'processing';
    return {
      status: 200,
      body: {
        uid: t.uid,
        batchUid: null,
        indexUid: t.indexUid,
        status,
        type: t.type,
        canceledBy: null,
        error:
          status === 'failed' && t.outcome.status === 'failed'
            ? { code: t.outcome.code, message: t.outcome.message, type: 'invalid_request', link: '' }
            : null,
        duration: null,
        enqueuedAt: new Date().toISOString(),
        startedAt: null,
        finishedAt: null,
      },
    };
  }
}
