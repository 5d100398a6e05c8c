export { NotMe } from '../features/accounts/not-me-screen';
