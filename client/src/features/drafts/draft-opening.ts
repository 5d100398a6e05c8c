// What the write screen opens with (issue #11), from the published story, the server's draft and the copy on
// this device. The newest text wins and says so (the restore banner); a device copy that the server never got,
// while the server's draft moved on elsewhere, is a conflict: both are kept and the person chooses.
import type { DeviceDraft } from './device-drafts';
import type { DraftContent } from './draft-sync';
import { visibleDraft } from '../../lib/visible-text';

export interface ServerDraft {
  draft_version: number;
  draft: { title: string; text: string; base_version: number; saved_at: string } | null;
}

export interface Opening {
  /** The editor's starting title and text. */
  content: DraftContent;
  /** When the restored unpublished draft was last changed (ms), or null when the published story opens. */
  restoredAt: number | null;
  baseVersion: number;
  draftVersion: number;
  /** What the server's draft holds now (null: no draft). */
  serverHas: DraftContent | null;
  /** The device had text the server lacks: it is saved straight away. */
  unsynced: boolean;
  /** The other text (the server's draft, or the published story) when the device copy conflicts with it. */
  conflict: DraftContent | null;
}

export function chooseOpening(
  story: { title: string; text: string | null; version: number } | null,
  server: ServerDraft,
  device: DeviceDraft | undefined,
): Opening {
  const published: DraftContent = { title: story?.title ?? '', text: story?.text ?? '' };
  const storyVersion = story?.version ?? 0;
  const serverDraft = server.draft ? { title: server.draft.title, text: server.draft.text } : null;
  const serverSide: Opening = server.draft
    ? {
        content: serverDraft!,
        restoredAt: Date.parse(server.draft.saved_at),
        baseVersion: server.draft.base_version,
        draftVersion: server.draft_version,
        serverHas: serverDraft,
        unsynced: false,
        conflict: null,
      }
    : {
        content: published,
        restoredAt: null,
        baseVersion: storyVersion,
        draftVersion: server.draft_version,
        serverHas: null,
        unsynced: false,
        conflict: null,
      };
  if (!device || device.synced) return serverSide;

  const mine: DraftContent = { title: device.title, text: device.text };
  if (device.draft_version === server.draft_version) {
    // Nothing happened on the server since this device last heard from it: the device copy is the newest.
    return {
      content: mine,
      restoredAt: device.changed_at,
      baseVersion: device.base_version,
      draftVersion: server.draft_version,
      serverHas: serverDraft,
      unsynced: true,
      conflict: null,
    };
  }
  // The server moved on (a keepalive save whose answer was lost, another tab, a publish elsewhere).
  const theirs = serverDraft ?? published;
  if (visibleDraft(theirs) === visibleDraft(mine)) return serverSide;
  return {
    content: mine,
    restoredAt: device.changed_at,
    baseVersion: storyVersion,
    draftVersion: server.draft_version,
    serverHas: serverDraft,
    unsynced: false,
    conflict: theirs,
  };
}

/**
 * No network on opening (a reload while offline; the page itself came from the offline shell): the copy on the
 * device is all there is. It is saved once the network returns (a 409 then if the server moved on meanwhile).
 */
export function offlineOpening(device: DeviceDraft): Opening {
  const content = { title: device.title, text: device.text };
  return {
    content,
    restoredAt: device.changed_at,
    baseVersion: device.base_version,
    draftVersion: device.draft_version,
    serverHas: device.synced ? content : null,
    unsynced: !device.synced,
    conflict: null,
  };
}

/**
 * Which copy on the device the editor opens with: the newest one the server lacks from a tab that is closed
 * (an open tab still has its text and goes on saving it), else the newest closed tab's copy (for opening
 * offline). Other copies the server already has are `stale`, to be dropped.
 */
export function pickDeviceCopy(
  records: readonly DeviceDraft[],
  openTabs: ReadonlySet<string>,
): { chosen: DeviceDraft | undefined; stale: DeviceDraft[] } {
  const left = records.filter((r) => !openTabs.has(r.tab)).sort((a, b) => b.changed_at - a.changed_at);
  const chosen = left.find((r) => !r.synced) ?? left[0];
  return { chosen, stale: left.filter((r) => r !== chosen && r.synced) };
}
