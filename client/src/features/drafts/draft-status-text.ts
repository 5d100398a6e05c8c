// The words of the write screen's save status (issues #11 and #26), kept apart from the component so they can be
// tested. Each says only what is true now: draft-sync.ts turns "saved" into "saving" at the first new keystroke, so
// "All changes saved" never sits beside words the server does not have yet.
import type { IntlShape } from 'react-intl';
import type { SaveStatus } from './draft-sync';

/** What the status line shows and screen readers hear. */
export function statusText(status: SaveStatus, intl: IntlShape): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saving':
      return intl.formatMessage({ id: 'draft.status.saving', defaultMessage: 'Saving…' });
    case 'saved':
      return intl.formatMessage({ id: 'draft.status.saved', defaultMessage: 'All changes saved' });
    case 'offline':
      return intl.formatMessage({ id: 'draft.status.offline', defaultMessage: 'Saved on this device: will send when online' });
    case 'retrying':
      return intl.formatMessage({ id: 'draft.status.retrying', defaultMessage: 'Saved on this device: trying again to send it' });
    case 'rejected':
      return intl.formatMessage(
        { id: 'draft.status.rejected', defaultMessage: 'Couldn’t save the draft: {reason}' },
        { reason: status.message },
      );
    case 'signed-out':
      return intl.formatMessage({ id: 'draft.status.signedOut', defaultMessage: 'You are signed out: your words are kept on this device' });
    case 'conflict':
      return intl.formatMessage({ id: 'draft.status.conflict', defaultMessage: 'Not saved: this draft was changed somewhere else' });
  }
}
