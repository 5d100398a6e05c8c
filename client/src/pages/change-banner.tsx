export { ChangeBanner } from '../features/accounts/change-banner-screen';
