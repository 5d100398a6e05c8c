export { ConfirmEmail } from '../features/accounts/confirm-email-screen';
