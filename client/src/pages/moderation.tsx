export { Moderation } from '../features/moderation/moderation-screen';
