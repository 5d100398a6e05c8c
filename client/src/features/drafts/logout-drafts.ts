// Signing out on a shared device (issue #11): the person's copy on the device is dropped only once the server
// has that text, so the next person at the computer cannot read it, and nothing unsaved is ever thrown away.
import { deviceDrafts, type DeviceDraftStore } from './device-drafts';
import { sendDraft, type SendDraft } from './draft-transport';

/** Before logout: sends each unsynced copy; drops each copy once the server has it, keeps the others. */
export async function settleDeviceDraftBeforeLogout(
  username: string,
  store: DeviceDraftStore = deviceDrafts(),
  send: SendDraft = sendDraft,
): Promise<'none' | 'dropped' | 'kept'> {
  const records = await store.list(username);
  if (records.length === 0) return 'none';
  let kept = false;
  // Oldest first: when two copies are both sent, the newest is the one the server ends up with.
  for (const record of records.sort((a, b) => a.changed_at - b.changed_at)) {
    if (!record.synced) {
      try {
        await send({ title: record.title, text: record.text, base_version: record.base_version, draft_version: record.draft_version });
      } catch {
        // Offline, refused as stale, or signed out already: the device keeps it for the next sign-in.
        kept = true;
        continue;
      }
    }
    await store.delete(username, record.tab);
  }
  return kept ? 'kept' : 'dropped';
}
