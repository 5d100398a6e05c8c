export { Profile } from '../features/accounts/profile-screen';
