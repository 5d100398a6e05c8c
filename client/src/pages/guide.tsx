export { GuideScreen as Guide } from '../features/guide/guide-screen';
