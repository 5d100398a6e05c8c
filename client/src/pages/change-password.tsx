export { ChangePassword } from '../features/accounts/change-password-screen';
