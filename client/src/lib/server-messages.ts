// The server's sentences in the interface's language (docs/decisions/0042-interface-languages.md). The server speaks
// English (its /api messages are the spec's); the client shows the sentences it knows in the reader's language,
// matched by their English text, and any other as the server sent it. Add a sentence here when a screen shows it.
import { defineMessages, type IntlShape } from 'react-intl';
import { LIMITS } from '#contract/limits';

const known = defineMessages({
  'An unexpected error occurred.': { id: 'error.generic', defaultMessage: 'An unexpected error occurred.' },
  // A save or publish refused as stale (contract/drafts.ts, contract/stories.ts): the conflict panel shows it.
  'This draft was changed in another tab or on another device.': {
    id: 'draft.conflict.changedElsewhere',
    defaultMessage: 'This draft was changed in another tab or on another device.',
  },
  'Your story was changed in another tab or on another device.': {
    id: 'draft.conflict.storyChanged',
    defaultMessage: 'Your story was changed in another tab or on another device.',
  },
  'Incorrect email or password.': { id: 'error.loginFailed', defaultMessage: 'Incorrect email or password.' },
  'Email is already taken.': { id: 'error.emailTaken', defaultMessage: 'Email is already taken.' },
  'That username is taken. Please choose another.': {
    id: 'error.usernameTaken',
    defaultMessage: 'That username is taken. Please choose another.',
  },
  'An account with that username or email already exists.': {
    id: 'error.accountExists',
    defaultMessage: 'An account with that username or email already exists.',
  },
  'You must be at least 16 years old to register.': {
    id: 'error.underage',
    defaultMessage: 'You must be at least 16 years old to register.',
  },
  'Date of birth cannot be in the future.': { id: 'error.dobFuture', defaultMessage: 'Date of birth cannot be in the future.' },
  'Passwords do not match.': { id: 'error.passwordsDiffer', defaultMessage: 'Passwords do not match.' },
  'Username is required.': { id: 'error.usernameRequired', defaultMessage: 'Username is required.' },
  'Username must be 3 to 30 characters: letters a-z, digits, underscore or dot.': {
    id: 'error.usernameShape',
    defaultMessage: 'Username must be 3 to 30 characters: letters a-z, digits, underscore or dot.',
  },
  'Email is required.': { id: 'error.emailRequired', defaultMessage: 'Email is required.' },
  'Please enter a valid email address.': { id: 'error.emailInvalid', defaultMessage: 'Please enter a valid email address.' },
  'Password is required.': { id: 'error.passwordRequired', defaultMessage: 'Password is required.' },
  'Please confirm your password.': { id: 'error.confirmRequired', defaultMessage: 'Please confirm your password.' },
  'Date of birth is required.': { id: 'error.dobRequired', defaultMessage: 'Date of birth is required.' },
  'Date of birth must be a real date.': { id: 'error.dobReal', defaultMessage: 'Date of birth must be a real date.' },
  'Failed to like or unlike story.': { id: 'error.like', defaultMessage: 'Failed to like or unlike story.' },
  'Failed to save or unsave story.': { id: 'error.bookmark', defaultMessage: 'Failed to save or unsave story.' },
  'Failed to create comment.': { id: 'error.commentCreate', defaultMessage: 'Failed to create comment.' },
  'Failed to delete comment.': { id: 'error.commentDelete', defaultMessage: 'Failed to delete comment.' },
  'Failed to delete story.': { id: 'error.storyDelete', defaultMessage: 'Failed to delete story.' },
  'Comment exceeds the limit of 5000 words.': { id: 'error.commentTooLong', defaultMessage: 'Comment exceeds the limit of 5000 words.' },
  "If an account uses this address, we've sent a link to choose a new password. It works for 30 minutes.": {
    id: 'error.resetLinkSent',
    defaultMessage: "If an account uses this address, we've sent a link to choose a new password. It works for 30 minutes.",
  },
  'New password is required.': { id: 'error.newPasswordRequired', defaultMessage: 'New password is required.' },
  'Please confirm your new password.': { id: 'error.confirmNewRequired', defaultMessage: 'Please confirm your new password.' },
  'This link has expired or was already used. Please ask for a new one.': {
    id: 'error.resetLinkInvalid',
    defaultMessage: 'This link has expired or was already used. Please ask for a new one.',
  },
  'Invalid parameters.': { id: 'error.invalidParameters', defaultMessage: 'Invalid parameters.' },
});

/** `text` in the interface's language when it is a sentence the client knows, else as it came. */
export function translateServerText(intl: IntlShape, text: string): string {
  const descriptor = (known as Record<string, (typeof known)[keyof typeof known]>)[text];
  if (descriptor) return intl.formatMessage(descriptor);
  if (text === `Password must be at least ${LIMITS.passwordMin} characters.`)
    return intl.formatMessage(
      { id: 'error.passwordMin', defaultMessage: 'Password must be at least {count} characters.' },
      { count: LIMITS.passwordMin },
    );
  return text;
}
