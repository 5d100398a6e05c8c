// Notifications: grouped, newest first; per-kind settings and the weekly email (ADR 0019).
import { z } from 'zod';

/** 'answer': a question the person asked was answered in a published story (docs/decisions/0032-the-family-asks.md). */
export const NOTIFICATION_KINDS = ['like', 'save', 'comment', 'reply', 'answer'] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

/** A group: one kind of news about one story in one week (Monday to Sunday, UTC). */
export const notificationGroupOutput = z.object({
  /** kind:story:week, what markRead takes. */
  key: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** The sentence to show, e.g. "12 people liked your story this week". */
  text: z.string(),
  story_username: z.string(),
  /** How many people (saves: never who). */
  people: z.number().int(),
  /** When the newest of them happened (ISO 8601). */
  at: z.string(),
  unread: z.boolean(),
});
export type NotificationGroup = z.output<typeof notificationGroupOutput>;

export const notificationListOutput = z.array(notificationGroupOutput);

/** What the bell shows. */
export const unreadCountOutput = z.object({ count: z.number().int() });

export const listNotificationsInput = z.object({ limit: z.number().int().min(1).max(100).default(50) }).default({});
export type ListNotificationsInput = z.output<typeof listNotificationsInput>;

const BAD_KEY = 'This notification does not exist.';
export const markReadInput = z.object({
  key: z
    .string({ required_error: BAD_KEY, invalid_type_error: BAD_KEY })
    .regex(/^(like|save|comment|reply|answer):\d{1,15}:\d{1,7}$/, BAD_KEY),
});
export type MarkReadInput = z.output<typeof markReadInput>;

export const notificationSettingsSchema = z.object({
  likes: z.boolean(),
  saves: z.boolean(),
  comments: z.boolean(),
  replies: z.boolean(),
  weekly_digest: z.boolean(),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
