export { ChangePicture } from '../features/accounts/change-picture-screen';
