// The words of the write screen's save status (issues #11 and #26), kept apart from the component so they can be
// tested. Each says only what is true now: draft-sync.ts turns "saved" into "saving" at the first new keystroke, so
// "All changes saved" never sits beside words the server does not have yet.
import type { SaveStatus } from './draft-sync';

/** What the status line shows and screen readers hear. */
export function statusText(status: SaveStatus): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return 'All changes saved';
    case 'offline':
      return 'Saved on this device: will send when online';
    case 'retrying':
      return 'Saved on this device: trying again to send it';
    case 'rejected':
      return `Couldn’t save the draft: ${status.message}`;
    case 'signed-out':
      return 'You are signed out: your words are kept on this device';
    case 'conflict':
      return 'Not saved: this draft was changed somewhere else';
  }
}
