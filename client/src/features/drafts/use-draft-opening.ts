// What the write screen opens with (ADR 0012, issue #11): the published story and the server's draft, both fresh,
// and the copy a closed tab left on this device; chooseOpening (draft-opening.ts) picks the newest text. With no
// network at all the device's copy opens on its own.
import { useEffect, useState } from 'react';
import type { VersionedStory } from '#contract/stories';
import { errorCode } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { deviceDrafts, type DeviceDraft } from './device-drafts';
import { chooseOpening, offlineOpening, type Opening, pickDeviceCopy } from './draft-opening';
import { openTabs } from './tab-locks';

export interface ChosenOpening {
  opening: Opening;
  story: VersionedStory | null;
  /** The closed tab's copy on the device the screen opened with (dropped once this tab has its own). */
  adopted: DeviceDraft | undefined;
}

/** The queries behind the opening (the screen shows their error or a loading state) and, once chosen, the opening. */
export function useDraftOpening(username: string) {
  // Always fresh from the server: the editor starts from this text once and keeps what the writer types.
  const fresh = { enabled: username !== '', staleTime: 0, refetchOnMount: 'always' } as const;
  const story = trpc.stories.get.useQuery({ username }, fresh);
  const draft = trpc.drafts.get.useQuery(undefined, fresh);
  const device = useDeviceDraft(username);
  const ready = story.isFetchedAfterMount && story.isSuccess && draft.isFetchedAfterMount && draft.isSuccess && device.loaded;
  const [opening, setOpening] = useState<ChosenOpening | null>(null);
  // No network at all (no answer, not an error answer) with a copy on the device: open that copy.
  const unreachable =
    (story.isError && story.isFetchedAfterMount && errorCode(story.error) === undefined) ||
    (draft.isError && draft.isFetchedAfterMount && errorCode(draft.error) === undefined);
  useEffect(() => {
    if (opening) return;
    if (ready && story.data !== undefined && draft.data)
      setOpening({ opening: chooseOpening(story.data, draft.data, device.record), story: story.data, adopted: device.record });
    else if (unreachable && device.loaded && device.record)
      setOpening({ opening: offlineOpening(device.record), story: null, adopted: device.record });
  }, [ready, unreachable, opening, story.data, draft.data, device.loaded, device.record]);
  return { opening, story, draft };
}

/** The copy on this device the editor opens with (of a closed tab: pickDeviceCopy), read once. */
function useDeviceDraft(username: string): { loaded: boolean; record: DeviceDraft | undefined } {
  const [state, setState] = useState<{ for: string; record: DeviceDraft | undefined } | null>(null);
  useEffect(() => {
    if (!username) return;
    let live = true;
    const store = deviceDrafts();
    void Promise.all([store.list(username), settledOpenTabs()])
      .then(([records, open]) => {
        const { chosen, stale } = pickDeviceCopy(records, open);
        for (const r of stale) void store.delete(r.username, r.tab);
        return chosen;
      })
      .catch(() => undefined)
      .then((record) => live && setState({ for: username, record }));
    return () => {
      live = false;
    };
  }, [username]);
  return state?.for === username ? { loaded: true, record: state.record } : { loaded: false, record: undefined };
}

/**
 * The open write screens, asked once more shortly after when every copy seems held: right after a reload the
 * browser may not have released the previous page's lock yet.
 */
async function settledOpenTabs(): Promise<Set<string>> {
  const first = await openTabs();
  if (first.size === 0) return first;
  await new Promise((resolve) => setTimeout(resolve, 500));
  return openTabs();
}
