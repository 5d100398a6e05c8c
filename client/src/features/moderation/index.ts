// What the rest of the client uses of moderation: reporting and blocking beside a story or comment, and the
// blocked list on the profile. The moderation and admin setup screens are reached through pages/.
export { BlockCommenterButton } from './block-button';
export { BlockedPeople } from './blocked-people';
export { ReportButton } from './report-dialog';
export { StoryModeration } from './story-moderation';
