export { ReadersScreen as Readers } from '../features/circle';
