export { Explore } from '../features/explore/explore-screen';
