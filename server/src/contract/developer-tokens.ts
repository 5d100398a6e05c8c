// Personal access tokens, "Developer access" (docs/decisions/0039-personal-access-tokens.md): a script calls /trpc or
// /api with `Authorization: Bearer <token>`. The token is shown once; the server keeps only its keyed hash.
import { z } from 'zod';

/** What a token may do. read: all the person may read (drafts too); write: the story and drafts; social: likes, saves, comments, follows. */
export const TOKEN_SCOPES = ['read', 'write', 'social'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** `lst_` and 43 base64url characters (32 random bytes). */
export const TOKEN_PREFIX = 'lst_';
export const TOKEN_PATTERN = /^lst_[A-Za-z0-9_-]{43}$/;
/** How many characters after the prefix the list shows, to tell tokens apart. */
export const TOKEN_HINT_LENGTH = 8;
/** At most this many tokens per person, expired ones included until revoked. */
export const MAX_TOKENS_PER_PERSON = 20;
export const TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const TOKEN_MESSAGES = {
  malformed: 'The Authorization header must be "Bearer " followed by a token made in Developer access (it starts with lst_).',
  unknown: 'This token is not valid: it was revoked, or never made here. Make a new one in Developer access.',
  expired: 'This token has expired. Make a new one in Developer access.',
  /** An account change, the tokens themselves, or an administrator's work. */
  needsSignIn: 'This needs you to sign in on the site: a developer token cannot change the account.',
  tooMany: `You have ${MAX_TOKENS_PER_PERSON} tokens. Revoke one you no longer use first.`,
  notFound: 'That token is not there any more.',
} as const;

/** The refusal for a call that needs a scope the token was not given. */
export function missingScopeMessage(scope: TokenScope): string {
  return `This token may not do this: it needs the "${scope}" permission. Make a token that has it in Developer access.`;
}

const tokenNameSchema = z
  .string({ required_error: 'Give the token a name.', invalid_type_error: 'Give the token a name.' })
  .trim()
  .min(1, 'Give the token a name.')
  .max(60, 'The name can be at most 60 characters.');

export const createTokenInput = z.object({
  name: tokenNameSchema,
  scopes: z
    .array(z.enum(TOKEN_SCOPES), { required_error: 'Choose what the token may do.' })
    .min(1, 'Choose at least one thing the token may do.')
    .max(TOKEN_SCOPES.length)
    .transform((s) => TOKEN_SCOPES.filter((x) => s.includes(x))),
  expiresInDays: z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(365), z.null()], {
    errorMap: () => ({ message: 'Choose when the token ends: 7, 30, 90 or 365 days, or never.' }),
  }),
});
export type CreateTokenInput = z.output<typeof createTokenInput>;

export const revokeTokenInput = z.object({ id: z.number().int().positive() });
export type RevokeTokenInput = z.output<typeof revokeTokenInput>;

export const tokenSummaryOutput = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  createdAt: z.number(),
  /** ms since the epoch; null: never ends. */
  expiresAt: z.number().nullable(),
  lastUsedAt: z.number().nullable(),
  /** The first characters after `lst_`. */
  hint: z.string(),
});
export type TokenSummary = z.output<typeof tokenSummaryOutput>;

export const createTokenOutput = z.object({ token: z.string(), summary: tokenSummaryOutput });
export type CreatedToken = z.output<typeof createTokenOutput>;
