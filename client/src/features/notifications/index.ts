// What the rest of the client uses of notifications: the bell in the nav bar.
export { NotificationBell } from './notification-bell';
