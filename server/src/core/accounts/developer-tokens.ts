// Personal access tokens (docs/decisions/0039-personal-access-tokens.md): made, listed and revoked by the signed-in
// person in "Developer access"; resolved from `Authorization: Bearer` by the transports. Only the keyed hash is kept.
import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import { AppError } from '../../contract/errors';
import {
  type CreatedToken,
  type CreateTokenInput,
  MAX_TOKENS_PER_PERSON,
  type RevokeTokenInput,
  TOKEN_HINT_LENGTH,
  TOKEN_MESSAGES,
  TOKEN_PATTERN,
  TOKEN_PREFIX,
  TOKEN_SCOPES,
  type TokenScope,
  type TokenSummary,
} from '../../contract/developer-tokens';
import { compileOnce } from '../../db/compiled-query';
import type { Database, DeveloperTokensTable } from '../../db/schema';
import { writeTransaction } from '../../db/transaction';
import type { Actor, CoreDeps, SignedInActor } from '../shared/core-deps';
import { hashToken } from './sessions';

const DAY = 24 * 60 * 60 * 1000;
/** How often a token's last use is written: not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** The tokens themselves are the account's: only a session (a person signed in on the site) may see or change them. */
export function requireSession(actor: SignedInActor): SignedInActor {
  if (actor.token) throw new AppError('FORBIDDEN', TOKEN_MESSAGES.needsSignIn);
  return actor;
}

function parseScopes(text: string): TokenScope[] {
  const given = text.split(',');
  return TOKEN_SCOPES.filter((s) => given.includes(s));
}

type Row = Pick<DeveloperTokensTable, 'name' | 'scopes' | 'created_at' | 'expires_at' | 'last_used_at' | 'hint'> & { id: number };

function summary(row: Row): TokenSummary {
  return {
    id: row.id,
    name: row.name,
    scopes: parseScopes(row.scopes),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
    hint: row.hint,
  };
}

const COLUMNS = ['id', 'name', 'scopes', 'created_at', 'expires_at', 'last_used_at', 'hint'] as const;

export async function listTokens(deps: CoreDeps, actor: SignedInActor): Promise<TokenSummary[]> {
  requireSession(actor);
  const rows = await deps.db
    .selectFrom('developer_tokens')
    .select(COLUMNS)
    .where('user_id', '=', actor.userId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map(summary);
}

export async function createToken(deps: CoreDeps, actor: SignedInActor, input: CreateTokenInput): Promise<CreatedToken> {
  requireSession(actor);
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const row = await writeTransaction(deps, async (trx) => {
    const { n } = await trx
      .selectFrom('developer_tokens')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', actor.userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_TOKENS_PER_PERSON) throw new AppError('CONFLICT', TOKEN_MESSAGES.tooMany);
    return trx
      .insertInto('developer_tokens')
      .values({
        user_id: actor.userId,
        token_hash: hashToken(deps.secret, token),
        hint: token.slice(TOKEN_PREFIX.length, TOKEN_PREFIX.length + TOKEN_HINT_LENGTH),
        name: input.name,
        scopes: input.scopes.join(','),
        created_at: now,
        expires_at: input.expiresInDays === null ? null : now + input.expiresInDays * DAY,
        last_used_at: null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return { token, summary: summary(row) };
}

export async function revokeToken(deps: CoreDeps, actor: SignedInActor, { id }: RevokeTokenInput): Promise<void> {
  requireSession(actor);
  const res = await deps.db.deleteFrom('developer_tokens').where('id', '=', id).where('user_id', '=', actor.userId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw new AppError('NOT_FOUND', TOKEN_MESSAGES.notFound);
}

/** Ends every token of the account: a password change or reset, a suspension, a takeover stopped (ADR 0039). */
export async function endTokens(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx.deleteFrom('developer_tokens').where('user_id', '=', userId).execute();
}

export type ResolvedToken = { ok: true; tokenId: number; userId: number; scopes: TokenScope[] } | { ok: false; message: string };

// The account's suspension is read with the token, as a session's is (sessions.ts).
const tokenQuery = compileOnce((db, tokenHash: string) =>
  db
    .selectFrom('developer_tokens')
    .innerJoin('users', 'users.id', 'developer_tokens.user_id')
    .select([
      'developer_tokens.id',
      'developer_tokens.user_id',
      'developer_tokens.scopes',
      'developer_tokens.expires_at',
      'developer_tokens.last_used_at',
      'users.suspended_at',
    ])
    .where('developer_tokens.token_hash', '=', tokenHash),
);

/** The token in an `Authorization` header's value: who it acts for and what it may do, or the sentence refusing it. */
export async function resolveToken(deps: CoreDeps, header: string): Promise<ResolvedToken> {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  const token = match?.[1];
  if (!token || !TOKEN_PATTERN.test(token)) return { ok: false, message: TOKEN_MESSAGES.malformed };
  const [row] = await tokenQuery(deps.db, hashToken(deps.secret, token));
  // Suspending deletes the tokens; one an instance had not seen go yet still serves nothing (sessions.ts).
  if (!row || row.suspended_at !== null) return { ok: false, message: TOKEN_MESSAGES.unknown };
  const now = deps.clock.now();
  if (row.expires_at !== null && row.expires_at <= now) return { ok: false, message: TOKEN_MESSAGES.expired };
  if (row.last_used_at === null || now - row.last_used_at >= TOUCH_EVERY_MS) {
    await deps.db.updateTable('developer_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
  }
  return { ok: true, tokenId: row.id, userId: row.user_id, scopes: parseScopes(row.scopes) };
}

/** Whether the actor came with a token (and so is judged by the token's scopes, transport/http/token-scopes.ts). */
export function byToken(actor: Actor): boolean {
  return actor.token !== undefined;
}
