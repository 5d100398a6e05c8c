// What every core function is given: the database, the clock and the ports. Built only by server/src/deps.ts.
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { TokenScope } from '../../contract/developer-tokens';
import type { Database } from '../../db/schema';
import type { BlobStore } from '../../ports/blob-store';
import type { Clock } from '../../ports/clock';
import type { DocumentConverter } from '../../ports/document-converter';
import type { Mailer } from '../../ports/mailer';
import type { RateLimiter } from '../../ports/rate-limiter';
import type { SearchIndex } from '../../ports/search-index';
import type { StoryFormatter } from '../../ports/story-formatter';
import type { WordBuilder } from '../../ports/word-builder';

export interface CoreDeps {
  db: Kysely<Database>;
  clock: Clock;
  blobs: BlobStore;
  search: SearchIndex;
  limiter: RateLimiter;
  /** Sanitises and paginates story bodies off the event loop. */
  formatter: StoryFormatter;
  /** Turns an imported document into story HTML off the event loop (core/document-import). */
  converter: DocumentConverter;
  /** Builds the parts of a Word document off the event loop (core/book/docx.ts). */
  word: WordBuilder;
  config: Pick<
    Config,
    'session' | 'rateLimits' | 'adminEmails' | 'publicOrigin' | 'photoQuotaBytes' | 'requireEmailVerification' | 'inboundMail'
  >;
  /** Server secret (from DATA_DIR) keying session-token hashes. */
  secret: Buffer;
  /** Called after a transaction that appended events has committed, so the projector catches up soon. */
  onEventsCommitted: () => void;
  mailer: Mailer;
  /** For failures of work done after the answer was sent (an email that could not be handed over). */
  log: (message: string) => void;
}

/** Who is asking, as the transport established it. Identity never comes from a request body. */
export interface Actor {
  /** The signed-in person, or null for a visitor. */
  userId: number | null;
  sessionId: number | null;
  /** When the signed-in person last typed their password. */
  signedInAt: number | null;
  /** The client's address (or a stand-in), for per-client rate limits. */
  clientKey: string;
  /**
   * The reader passes this device carries (cookie `reader_pass`, at most MAX_PASS_TOKENS, unchecked): resolved by
   * core/access/story-access.ts only when a story is not for everyone (docs/decisions/0026-who-can-read-a-story.md).
   */
  readerPassTokens?: readonly string[];
  /**
   * Set when the request came with a developer token (`Authorization: Bearer`) instead of the session cookie: the
   * token's id and what it may do (docs/decisions/0039-personal-access-tokens.md). sessionId is then null.
   */
  token?: { id: number; scopes: readonly TokenScope[] };
}

/** A signed-in person: what the core functions for signed-in people take (the transports narrow to it). */
export interface SignedInActor extends Actor {
  userId: number;
}

export const anonymous = (clientKey = 'local'): Actor => ({ userId: null, sessionId: null, signedInAt: null, clientKey });
