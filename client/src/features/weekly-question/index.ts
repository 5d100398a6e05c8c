// One question a week by email (docs/decisions/0031-one-question-a-week.md): its section in the notification
// settings, the write screen's line that opens it and the chapter its emailed link starts, and its defaults for the
// registration form's checkbox.
export { useChapterFromLink } from './chapter-from-link';
export { useQuestionFromLink } from './question-from-link';
export { defaultSchedule, DAYS, timeWords } from './schedule-words';
export { WeeklyQuestionLink } from './weekly-link';
export { WeeklyQuestionSettings } from './weekly-settings';
