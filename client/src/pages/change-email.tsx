export { ChangeEmail } from '../features/accounts/change-email-screen';
