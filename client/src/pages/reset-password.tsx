export { ResetPassword } from '../features/accounts/reset-password-screen';
