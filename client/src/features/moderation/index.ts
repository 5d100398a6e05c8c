// What the rest of the client uses of moderation: reporting and blocking beside a story or comment, and the
// blocked list on the profile. The moderation and admin setup screens are reached through pages/. The story page
// imports this only when a signed-in reader needs it, so moderation stays out of the reader's script
// (docs/decisions/0038-lighter-reader-pages.md).
export { BlockedPeople } from './blocked-people';
export { CommentModeration } from './comment-moderation';
export { StoryModeration } from './story-moderation';
