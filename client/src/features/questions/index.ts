// What the rest of the client uses of questions (docs/decisions/0028-questions-by-life-stage.md): the write screen's
// question picker and "Your life so far" (folded on the write screen, shown on the profile), and the story page's
// "Ask Rose a question" (docs/decisions/0032-the-family-asks.md).
export { LifeSoFarDisclosure, LifeSoFarSection } from './life-so-far';
export { QuestionPicker } from './question-picker';
export { AskQuestion } from './ask-question';
