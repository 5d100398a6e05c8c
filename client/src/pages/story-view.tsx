export { StoryView } from '../features/stories/story-view-screen';
