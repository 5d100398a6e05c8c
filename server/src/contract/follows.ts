// Following a story (docs/decisions/0027-followers-and-digests.md): a signed-in reader, or an email address with
// double opt-in; at most one email a day per story after its author publishes.
import { z } from 'zod';
import { emailSchema } from './accounts';
import { storyUsernameSchema } from './stories';

export const FOLLOW_CONFIRM_SENT =
  'Thank you. We sent a link to that address: open it to start getting emails about this story. Nothing is sent before that.';
export const FOLLOW_LINK_INVALID = 'This link is not valid. Please use the newest email we sent you.';
export const FOLLOW_LINK_EXPIRED = 'This confirmation link has expired. Please follow the story again to get a new one.';
export const FOLLOW_OWN_STORY = 'You cannot follow your own story.';
/** How long the link that confirms an address stays valid. */
export const FOLLOW_CONFIRM_DAYS = 7;

export const followInput = z.object({ story_username: storyUsernameSchema });
export type FollowInput = z.output<typeof followInput>;

export const followByEmailInput = z.object({ story_username: storyUsernameSchema, email: emailSchema });
export type FollowByEmailInput = z.output<typeof followByEmailInput>;

/** The token of a confirm or unsubscribe link: an id and its keyed hash, base64url. */
export const followTokenInput = z.object({
  token: z
    .string({ required_error: FOLLOW_LINK_INVALID, invalid_type_error: FOLLOW_LINK_INVALID })
    .max(200, FOLLOW_LINK_INVALID)
    .regex(/^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{1,100}$/, FOLLOW_LINK_INVALID),
});
export type FollowTokenInput = z.output<typeof followTokenInput>;

export const followStatusOutput = z.object({ following: z.boolean() });
export type FollowStatus = z.output<typeof followStatusOutput>;

export const followMessageOutput = z.object({ message: z.string() });

/** What a confirm or unsubscribe link did, for its page. */
export const followLinkOutput = z.object({ story_username: z.string(), title: z.string(), message: z.string() });
export type FollowLinkResult = z.output<typeof followLinkOutput>;

/** The author's list of their followers (the Readers screen). */
export const followerOutput = z.object({
  kind: z.enum(['account', 'email']),
  /** The account's username, or the address. */
  who: z.string(),
  confirmed: z.boolean(),
  /** ISO 8601. */
  since: z.string(),
});
export const followersOutput = z.array(followerOutput);
