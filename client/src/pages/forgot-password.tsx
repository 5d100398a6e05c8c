export { ForgotPassword } from '../features/accounts/forgot-password-screen';
