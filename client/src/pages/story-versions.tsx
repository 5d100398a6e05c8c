export { StoryVersions, StoryVersion } from '../features/drafts/versions-screen';
