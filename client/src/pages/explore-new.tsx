export { ExploreNew } from '../features/explore/explore-new-screen';
