export { Register } from '../features/accounts/register-screen';
