// What the rest of the client uses of the circle: the Readers screen (/readers).
export { ReadersScreen } from './readers-screen';
