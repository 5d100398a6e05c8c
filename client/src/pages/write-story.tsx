export { default } from '../features/drafts/write-screen';
