// What the rest of the client uses of accounts: reading a one-time token from an emailed link.
export { linkTokenReader } from './link-token';
