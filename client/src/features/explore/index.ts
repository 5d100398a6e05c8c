// What the rest of the client uses of explore (the server renderer reads the top list's window the same way).
export { windowFrom } from './explore-top-screen';
