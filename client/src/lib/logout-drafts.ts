// Signing out on a shared device (issue #11): the person's copy on the device is dropped only once the server
// has that text, so the next person at the computer cannot read it, and nothing unsaved is ever thrown away.
import { deviceDrafts, type DeviceDraftStore } from './device-drafts';
import { sendDraft, type SendDraft } from './draft-transport';

/** Before logout: sends an unsynced device copy; drops the copy once the server has it, else keeps it. */
export async function settleDeviceDraftBeforeLogout(
  username: string,
  store: DeviceDraftStore = deviceDrafts(),
  send: SendDraft = sendDraft,
): Promise<'none' | 'dropped' | 'kept'> {
  const record = await store.get(username);
  if (!record) return 'none';
  if (!record.synced) {
    try {
      await send({ title: record.title, text: record.text, base_version: record.base_version, draft_version: record.draft_version });
    } catch {
      // Offline, refused as stale, or signed out already: the device keeps it for the next sign-in.
      return 'kept';
    }
  }
  await store.delete(username);
  return 'dropped';
}
