// The one-time admin setup link printed at the start of a site with no admin (docs/decisions/0020-moderation.md):
// opening it while signed in makes that account the site's admin.
import { z } from 'zod';

/** Hours a setup link works for: long enough to register an account and come back the next day. */
export const SETUP_LINK_HOURS = 24;

export const SETUP_LINK_INVALID =
  'This setup link does not work: it was used already, it expired, or part of it is missing. Whoever runs the site can print a new one with “npm run admin -- --setup-link”.';

export const claimSetupLinkInput = z.object({
  /** The token from the link: 32 random bytes, base64url. */
  token: z
    .string({ required_error: SETUP_LINK_INVALID, invalid_type_error: SETUP_LINK_INVALID })
    .regex(/^[A-Za-z0-9_-]{43}$/, SETUP_LINK_INVALID),
});
export type ClaimSetupLinkInput = z.output<typeof claimSetupLinkInput>;

export const claimSetupLinkOutput = z.object({ admin: z.literal(true), username: z.string() });
