// Work that one app instance at a time may do, across the instances on one PostgreSQL database
// (docs/decisions/0021-postgresql.md): the projector's runs, the hourly purge. Each run holds a session-level
// advisory lock on a connection of its own. An instance that dies (even by kill -9) loses its connection,
// PostgreSQL releases the lock at once, and the next tick of another instance takes it.
import pg from 'pg';
import { ADVISORY_LOCK_SPACE } from './dialect';

export class InstanceLock {
  private client: pg.Client | null = null;

  constructor(
    private readonly url: string,
    /** Which work: a key of LOCKS. */
    private readonly key: number,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Runs `fn` while holding the lock and returns true; or, when another instance holds it and `wait` is
   * false, returns false at once without running `fn` (that instance's run, or the next tick, folds the events).
   */
  async runAlone(fn: () => Promise<void>, wait: boolean): Promise<boolean> {
    const client = await this.connection();
    const take = wait ? 'pg_advisory_lock' : 'pg_try_advisory_lock';
    const { rows } = await client.query<{ got: boolean }>(`SELECT ${take}($1, $2) AS got`, [ADVISORY_LOCK_SPACE, this.key]);
    if (!wait && rows[0]?.got !== true) return false;
    try {
      await fn();
      return true;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [ADVISORY_LOCK_SPACE, this.key]).catch(() => this.drop(client));
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    // keepAlive: a holder whose machine vanished (no FIN) is noticed by TCP keepalives, not only by a closed socket.
    const client = new pg.Client({ connectionString: this.url, keepAlive: true, connectionTimeoutMillis: 10_000 });
    client.on('error', (err) => {
      this.log(`advisory lock connection lost: ${err.message}`);
      this.drop(client);
    });
    await client.connect();
    this.client = client;
    return client;
  }

  /** Forgets a broken connection (its lock, if any, is gone with it); the next run opens another. */
  private drop(client: pg.Client): void {
    if (this.client === client) this.client = null;
    void client.end().catch(() => undefined);
  }
}
