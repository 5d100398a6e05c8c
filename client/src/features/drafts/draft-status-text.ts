// The words of the write screen's save status (issue #11), kept apart from the component so they can be tested.
import type { SaveStatus } from './draft-sync';

/** "just now", "5 seconds ago", "3 minutes ago", "at 2:15 PM": how long ago `at` was, in plain words. */
export function agoText(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${Math.floor(seconds / 5) * 5} seconds ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  return `at ${new Date(at).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}

/** What the status line shows (it changes as time passes). */
export function statusText(status: SaveStatus, now: number): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Draft saved ${agoText(status.at, now)}`;
    case 'offline':
      return 'Offline — saved on this device';
    case 'retrying':
      return 'Couldn’t save — retrying';
    case 'rejected':
      return `Couldn’t save the draft: ${status.message}`;
    case 'signed-out':
      return 'You are signed out — your words are kept on this device';
    case 'conflict':
      return 'Not saved — this draft was changed somewhere else';
  }
}

/**
 * What screen readers hear: it changes only when the state does ("Saving…" each pause, or the ticking "5 seconds
 * ago", would be chatter), so a polite live region announces each change once.
 */
export function nextAnnouncement(previous: string, status: SaveStatus): string {
  // "Saving…" keeps the last words: the region's text stays the same, so nothing is read out again.
  return statusAnnouncement(status) || previous;
}

export function statusAnnouncement(status: SaveStatus): string {
  switch (status.kind) {
    case 'idle':
    case 'saving':
      return '';
    case 'saved':
      return 'Draft saved';
    default:
      return statusText(status, 0);
  }
}
