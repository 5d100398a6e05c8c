// What the rest of the client uses of social: comments (their code loaded after hydration), and a story's likes and
// bookmarks.
export { CommentsAfterHydration } from './comments-after-hydration';
export { StoryActions } from './story-actions';
export { COMMENTS_PAGE_SIZE } from './use-paged-comments';
export { type BarPosition, type StoryMarks, useStoryMarks } from './use-story-marks';
