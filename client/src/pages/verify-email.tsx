export { VerifyEmail } from '../features/accounts/verify-email-screen';
