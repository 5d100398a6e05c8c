// What the rest of the client uses of stories (the server renderer reads the story address the same way).
export { storyRoute } from './story-view-screen';
