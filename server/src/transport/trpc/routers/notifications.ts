// Notifications (ADR 0019): the grouped list, the bell's count, marking as read, and the settings.
import { z } from 'zod';
import {
  listNotificationsInput,
  markReadInput,
  notificationGroupOutput,
  notificationSettingsSchema,
} from '../../../contract/notifications';
import { listNotifications, markAllRead, markRead, unreadCount } from '../../../core/notifications/list-notifications';
import { getSettings, updateSettings } from '../../../core/notifications/settings';
import { router, userProcedure } from '../trpc';

export const notificationsRouter = router({
  list: userProcedure
    .input(listNotificationsInput)
    .output(z.array(notificationGroupOutput))
    .query(({ ctx, input }) => listNotifications(ctx.deps, ctx.actor, input)),
  /** What the bell shows: cheap enough to ask on focus and every minute. */
  unreadCount: userProcedure.output(z.object({ count: z.number().int() })).query(({ ctx }) => unreadCount(ctx.deps, ctx.actor)),
  markRead: userProcedure.input(markReadInput).mutation(({ ctx, input }) => markRead(ctx.deps, ctx.actor, input)),
  markAllRead: userProcedure.mutation(({ ctx }) => markAllRead(ctx.deps, ctx.actor)),
  settings: userProcedure.output(notificationSettingsSchema).query(({ ctx }) => getSettings(ctx.deps, ctx.actor)),
  updateSettings: userProcedure
    .input(notificationSettingsSchema)
    .output(notificationSettingsSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx.deps, ctx.actor, input)),
});
