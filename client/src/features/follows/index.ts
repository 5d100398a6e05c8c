// What the rest of the client uses of follows: the story page's follow button or address form.
export { StoryFollow } from './story-follow';
