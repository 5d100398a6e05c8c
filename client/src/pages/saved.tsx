export { Saved } from '../features/explore/saved-screen';
