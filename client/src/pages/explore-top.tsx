export { ExploreTop } from '../features/explore/explore-top-screen';
