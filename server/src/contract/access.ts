// Who can read a story (docs/decisions/0026-who-can-read-a-story.md): the audience, and the share link.
import { z } from 'zod';

export const AUDIENCES = ['everyone', 'link', 'circle', 'only_me'] as const;
export type Audience = (typeof AUDIENCES)[number];

export const AUDIENCE_MESSAGE = "Choose who can read your story: 'everyone', 'link', 'circle' or 'only_me'.";
export const audienceSchema = z.enum(AUDIENCES, { errorMap: () => ({ message: AUDIENCE_MESSAGE }) });

/** stories.setAudience */
export const setAudienceInput = z.object({ audience: audienceSchema });
export type SetAudienceInput = z.output<typeof setAudienceInput>;
export const setAudienceOutput = z.object({ audience: audienceSchema });
/** stories.audience: who can read the author's story, or would once it is published. */
export const audienceOutput = setAudienceOutput;

/** stories.shareLink / stories.newShareLink: the secret link that reads a `link` story (and the key in it). */
export const shareLinkOutput = z.object({ key: z.string(), url: z.string(), audience: audienceSchema });
export type ShareLink = z.infer<typeof shareLinkOutput>;

/** The shape of a share key in a URL (`/s/<key>`, `?key=`): anything else is no key. */
export const SHARE_KEY_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;
