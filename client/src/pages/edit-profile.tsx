export { EditProfile } from '../features/accounts/edit-profile-screen';
