// The circle: the people a writer invites by email to read their story (docs/decisions/0026-who-can-read-a-story.md).
// Field names are snake_case as everywhere in the contract; see README.md in this folder.
import { z } from 'zod';
import { emailSchema } from './accounts';
import { LIMITS } from './limits';
import { cleanLine, hasVisibleText } from './visible-text';

export const READER_NAME_MAX = 100;

const readerName = z.preprocess(
  (v) => (typeof v === 'string' ? cleanLine(v).replace(/\s+/g, ' ') : v),
  z
    .string({ required_error: 'Give each reader a name.', invalid_type_error: 'A name must be text.' })
    .min(1, 'Give each reader a name.')
    .max(READER_NAME_MAX, `A name must be at most ${READER_NAME_MAX} characters.`)
    .refine(hasVisibleText, 'A name must have visible characters.'),
);

/** One person to invite: their address (kept lower-cased) and the name the writer knows them by. */
export const readerInput = z.object({
  email: emailSchema.transform((e) => e.toLowerCase()),
  name: readerName,
});

export const tooManyInvites = `You can invite at most ${LIMITS.circleInviteMax} people at a time.`;
export const duplicateInvite = (email: string) => `${email} is in the list twice.`;

export const circleInviteInput = z.object({
  readers: z
    .array(readerInput, { required_error: 'Add at least one reader.', invalid_type_error: 'readers must be a list.' })
    .min(1, 'Add at least one reader.')
    .max(LIMITS.circleInviteMax, tooManyInvites)
    .superRefine((readers, ctx) => {
      const seen = new Set<string>();
      readers.forEach((r, i) => {
        if (seen.has(r.email)) ctx.addIssue({ code: 'custom', path: [i, 'email'], message: duplicateInvite(r.email) });
        seen.add(r.email);
      });
    }),
});
export type CircleInviteInput = z.output<typeof circleInviteInput>;

/** A reader of one's circle, by its id from `circle.list`. */
export const circleReaderRef = z.object({
  id: z
    .number({ required_error: 'id is required.', invalid_type_error: 'id must be a number.' })
    .int('id must be a whole number.')
    .positive(),
});
export type CircleReaderRef = z.output<typeof circleReaderRef>;

/** What the writer sees of one reader: who, when invited, whether they joined with an account, when they last read. */
export const circleReader = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  invited_at: z.string(),
  joined: z.boolean(),
  joined_at: z.string().nullable(),
  last_read_at: z.string().nullable(),
});
export type CircleReader = z.output<typeof circleReader>;

export const circleListOutput = z.object({ readers: z.array(circleReader) });
/** not_sent: addresses whose email could not be handed over now (they are in the circle: "Send again" retries). */
export const circleInviteOutput = z.object({ invited: z.array(circleReader), not_sent: z.array(z.string()) });

export const ALREADY_INVITED = (email: string) => `${email} is already in your circle: use “Send again” to send a new link.`;
export const OWN_ADDRESS = 'That is your own address: you can always read your own story.';
export const CIRCLE_FULL = `A circle can hold at most ${LIMITS.circleReadersMax} readers. Remove someone first.`;
export const READER_NOT_FOUND = 'No such reader in your circle.';
