// The bell in the navigation: how many notification groups are unread. Asked on focus and every minute (the
// count is a cheap query: server/src/core/notifications/list-notifications.ts); ADR 0019.
import { Bell } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { trpc } from '../../lib/trpc';
import '../../styles/notifications.css';
import { useIntl } from 'react-intl';

export function NotificationBell() {
  const [location] = useLocation();
  const unread = trpc.notifications.unreadCount.useQuery(undefined, {
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 0, // every focus asks: the count is one indexed range read
  });
  const count = unread.data?.count ?? 0;
  const intl = useIntl();
  return (
    <Link
      href="/notifications"
      className="icon-button notification-bell"
      aria-label={intl.formatMessage(
        { id: 'nav.notifications', defaultMessage: '{count, plural, =0 {Notifications} other {Notifications, # unread}}' },
        { count },
      )}
      aria-current={location === '/notifications' ? 'page' : undefined}
    >
      <Bell size={22} aria-hidden="true" />
      {count > 0 && (
        <span className="bell-count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
