export { Notifications } from '../features/notifications/notifications-screen';
