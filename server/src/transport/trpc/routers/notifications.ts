// Notifications (ADR 0019): the grouped list, the bell's count, marking as read, and the settings.
import {
  listNotificationsInput,
  markReadInput,
  notificationListOutput,
  notificationSettingsSchema,
  unreadCountOutput,
} from '../../../contract/notifications';
import { listNotifications, markAllRead, markRead, unreadCount } from '../../../core/notifications/list-notifications';
import { getSettings, updateSettings } from '../../../core/notifications/settings';
import { router, userProcedure } from '../trpc';

export const notificationsRouter = router({
  list: userProcedure
    .input(listNotificationsInput)
    .output(notificationListOutput)
    .query(({ ctx, input }) => listNotifications(ctx.deps, ctx.actor, input, ctx.locale)),
  /** What the bell shows: cheap enough to ask on focus and every minute. */
  unreadCount: userProcedure.output(unreadCountOutput).query(({ ctx }) => unreadCount(ctx.deps, ctx.actor)),
  markRead: userProcedure.input(markReadInput).mutation(({ ctx, input }) => markRead(ctx.deps, ctx.actor, input)),
  markAllRead: userProcedure.mutation(({ ctx }) => markAllRead(ctx.deps, ctx.actor)),
  settings: userProcedure.output(notificationSettingsSchema).query(({ ctx }) => getSettings(ctx.deps, ctx.actor)),
  updateSettings: userProcedure
    .input(notificationSettingsSchema)
    .output(notificationSettingsSchema)
    .mutation(({ ctx, input }) => updateSettings(ctx.deps, ctx.actor, input)),
});
