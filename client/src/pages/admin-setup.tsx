export { AdminSetup } from '../features/moderation/admin-setup-screen';
