// A SearchIndex that fails its writes on demand, around a real one: an index service that goes away and returns.
import type { SearchIndex, SearchIndexWriter, SearchQuery, StoryDoc, TopWindow, UserDoc } from '../../server/src/ports/search-index';

export class FlakySearchIndex implements SearchIndex {
  readonly name: string;
  /** Decides, per write call (counted from 1) and operation, whether it fails. */
  failWhen: (call: number, op: string) => boolean = () => false;
  writes = 0;
  failures = 0;

  constructor(private readonly inner: SearchIndex) {
    this.name = `flaky ${inner.name}`;
  }

  private gate(op: string): void {
    this.writes += 1;
    if (this.failWhen(this.writes, op)) {
      this.failures += 1;
      throw new Error(`search index unavailable (${op})`);
    }
  }

  init(): Promise<void> {
    return this.inner.init();
  }
  async upsertStories(docs: StoryDoc[]): Promise<void> {
    this.gate('upsertStories');
    await this.inner.upsertStories(docs);
  }
  async deleteStories(ids: number[]): Promise<void> {
    this.gate('deleteStories');
    await this.inner.deleteStories(ids);
  }
  async upsertUsers(docs: UserDoc[]): Promise<void> {
    this.gate('upsertUsers');
    await this.inner.upsertUsers(docs);
  }
  async deleteUsers(ids: number[]): Promise<void> {
    this.gate('deleteUsers');
    await this.inner.deleteUsers(ids);
  }
  async clear(): Promise<void> {
    this.gate('clear');
    await this.inner.clear();
  }
  async rebuild(fill: (writer: SearchIndexWriter) => Promise<void>): Promise<void> {
    this.gate('rebuild');
    await this.inner.rebuild(fill);
  }
  search(query: SearchQuery) {
    return this.inner.search(query);
  }
  top(window: TopWindow, offset: number, limit: number) {
    return this.inner.top(window, offset, limit);
  }
  countTop(window: TopWindow) {
    return this.inner.countTop(window);
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
