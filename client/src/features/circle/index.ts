// What the rest of the client may use of the circle (the Readers screen itself is reached only through its route file,
// pages/readers.tsx, so that it keeps its own chunk): the sentence saying who can read the story now.
export { audienceSentence } from './readers-words';
