export { Login } from '../features/accounts/login-screen';
