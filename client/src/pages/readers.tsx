export { ReadersScreen as Readers } from '../features/circle/readers-screen';
