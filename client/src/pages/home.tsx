export { Home } from '../features/home/home-screen';
