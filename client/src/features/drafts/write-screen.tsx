// Write or edit one's own story: title, banner, the rich-text editor, Save Story (publish). This module is the
// lazy chunk (app.tsx imports it with React.lazy): it alone pulls in Milkdown, so readers never download it.
// Never lose a word (issue #11): every change is kept on the device and autosaved as a draft (draft-sync.ts);
// the screen opens with the newest text (draft-opening.ts) and asks when two tabs or devices disagree.
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { VersionedStory } from '#contract/drafts';
import { ConflictPanel } from './conflict-panel';
import { DraftStatus } from './draft-status';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/use-document-title';
import { StoryEditor, type StoryEditorHandle } from './editor/story-editor';
import { deviceDrafts, type DeviceDraft } from './device-drafts';
import { chooseOpening, offlineOpening, type Opening, pickDeviceCopy } from './draft-opening';
import { type DraftContent, DraftSync, type SaveStatus } from './draft-sync';
import { sendDraft } from './draft-transport';
import { errorCode, errorMessage, fieldErrors } from '../../lib/errors';
import { holdNavigation } from '../../lib/navigation-guard';
import { mediaUrl } from '../../lib/media';
import { keepWriteScreenOffline } from './offline-shell';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { visibleDraft } from '../../lib/visible-text';
import { newTabId, openTabs } from './tab-locks';
import { useSessionUser } from '../../state/session';
import '../../styles/write.css';

const LEAVE_UNSAVED = 'Your story has unsaved changes. Leave this page and lose them?';

const PHOTOS_WAITING =
  'Some photos are not in your story yet. Wait until they have uploaded, or press Remove on any that could not be added, then press Save Story again.';

const DISCARD_QUESTION = 'Discard your unpublished draft? Your published story stays as it is.';
const restoredTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

export default function WriteStory() {
  const username = useSessionUser()?.username ?? '';
  // Always fresh from the server: the editor starts from this text once and keeps what the writer types.
  const fresh = { enabled: username !== '', staleTime: 0, refetchOnMount: 'always' } as const;
  const story = trpc.stories.get.useQuery({ username }, fresh);
  const draft = trpc.drafts.get.useQuery(undefined, fresh);
  const device = useDeviceDraft(username);
  const ready = story.isFetchedAfterMount && story.isSuccess && draft.isFetchedAfterMount && draft.isSuccess && device.loaded;
  const [opening, setOpening] = useState<{ opening: Opening; story: VersionedStory | null; adopted: DeviceDraft | undefined } | null>(null);
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
  useDocumentTitle(story.data ? 'Edit your story' : 'Write your story');

  if (opening) return <WriteForm opening={opening.opening} story={opening.story} adopted={opening.adopted} username={username} />;
  const failed = (story.isError && story.isFetchedAfterMount) || (draft.isError && draft.isFetchedAfterMount);
  return (
    <div className="page write-page">
      {failed ? (
        <>
          <h1>Write your story</h1>
          <ErrorBox error={story.error ?? draft.error} />
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              void story.refetch();
              void draft.refetch();
            }}
          >
            Try again
          </button>
        </>
      ) : (
        <Loading label="Loading your story…" />
      )}
    </div>
  );
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

interface Conflict {
  message: string;
  theirs: DraftContent;
  /** The server's draft is the other version (else it is the published story, or nothing). */
  theirsIsDraft: boolean;
  draftVersion: number;
  baseVersion: number;
}

interface WriteFormProps {
  opening: Opening;
  story: VersionedStory | null;
  /** The closed tab's copy on the device the screen opened with (dropped once this tab has its own). */
  adopted: DeviceDraft | undefined;
  username: string;
}

function WriteForm({ opening, story, adopted, username }: WriteFormProps) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const editor = useRef<StoryEditorHandle>(null);
  const [title, setTitleState] = useState(opening.content.title);
  const titleNow = useRef(opening.content.title);
  // The editor starts from `startText` and keeps its own text; a new `editorKey` starts it again (another version chosen).
  const [startText, setStartText] = useState(opening.content.text);
  const startTextNow = useRef(opening.content.text);
  const [editorKey, setEditorKey] = useState(0);
  const [editorReady, setEditorReady] = useState(false);
  // The published story as the server has it now (the banner controls, Discard); the editor keeps its own text.
  const live = trpc.stories.get.useQuery({ username });
  const publishedStory = live.data !== undefined ? live.data : story;
  const [restoredAt, setRestoredAt] = useState(opening.restoredAt);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [resolving, setResolving] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const [photosWaiting, setPhotosWaiting] = useState<string | null>(null);
  const labelId = useId();

  const read = (): DraftContent => ({ title: titleNow.current, text: editor.current?.html() ?? startTextNow.current });

  const [statusStore] = useState(() => valueStore<SaveStatus>({ kind: 'idle' }));
  const status = useSyncExternalStore(statusStore.subscribe, statusStore.get);
  const [sync] = useState(() => {
    const s = new DraftSync({
      username,
      tab: newTabId(),
      adopted,
      store: deviceDrafts(),
      send: sendDraft,
      baseVersion: opening.baseVersion,
      draftVersion: opening.draftVersion,
      onStatus: (status) => statusStore.set(status),
    });
    if (opening.serverHas) s.serverHolds(opening.serverHas);
    return s;
  });

  /** Asks the server what it has now: the other version to show next to this one. */
  const loadOther = async (message: string, { askWhenSame = false } = {}): Promise<void> => {
    sync.pause();
    try {
      // Straight from the server, never the query cache: the point is what changed since this screen opened.
      const [serverDraft, current] = await Promise.all([utils.client.drafts.get.query(), utils.client.stories.get.query({ username })]);
      const theirs = serverDraft.draft ?? { title: current?.title ?? '', text: current?.text ?? '' };
      const baseVersion = current?.version ?? 0;
      if (!askWhenSame && visibleDraft(theirs) === visibleDraft(read())) {
        // The server already has these words (a keepalive save whose answer was lost when the page went away):
        // no question to ask; go on from the server's counter.
        sync.resetTo(
          { baseVersion, draftVersion: serverDraft.draft_version },
          serverDraft.draft ? { title: theirs.title, text: theirs.text } : null,
        );
        sync.changed(read);
        return;
      }
      setConflict({
        message,
        theirs: { title: theirs.title, text: theirs.text },
        theirsIsDraft: serverDraft.draft !== null,
        draftVersion: serverDraft.draft_version,
        baseVersion,
      });
    } catch (error) {
      setActionError(error);
    }
  };

  // Opening: a device copy the server lacks goes up at once; one that conflicts with the server's is shown.
  useEffect(() => {
    if (opening.conflict) {
      sync.pause();
      setConflict({
        message: 'This draft was changed in another tab or on another device since this device last saved it.',
        theirs: opening.conflict,
        theirsIsDraft: opening.serverHas !== null,
        draftVersion: opening.draftVersion,
        baseVersion: story?.version ?? 0,
      });
    } else if (opening.unsynced) {
      sync.changed(() => opening.content);
      void sync.flush();
    }
  }, [opening, story, sync]);

  // A save refused as stale: fetch the other version and ask.
  // biome-ignore lint/correctness/useExhaustiveDependencies: loadOther only uses stable values (utils, sync, setters).
  useEffect(() => {
    if (status.kind === 'conflict' && !conflict) void loadOther('This draft was changed in another tab or on another device.');
  }, [status.kind, conflict]);

  // Leaving the page (tab hidden, closed, reloaded, phone locked) saves at once; keepalive outlives the page.
  useEffect(() => {
    sync.start();
    const hide = () => {
      if (document.visibilityState === 'hidden') void sync.flush({ keepalive: true });
    };
    const leave = () => void sync.flush({ keepalive: true });
    const online = () => sync.retryNow();
    document.addEventListener('visibilitychange', hide);
    window.addEventListener('pagehide', leave);
    window.addEventListener('online', online);
    return () => {
      document.removeEventListener('visibilitychange', hide);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('online', online);
      void sync.flush({ keepalive: true });
      sync.stop();
    };
  }, [sync]);

  // Following a link with a change that is not yet on the device or the server asks first (rare: the device
  // copy is written within moments of each change).
  useEffect(() => holdNavigation(() => !sync.unsafe() || window.confirm(LEAVE_UNSAVED)), [sync]);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (!sync.unsafe()) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [sync]);

  const changed = () => sync.changed(read);
  const setTitle = (value: string) => {
    titleNow.current = value;
    setTitleState(value);
    changed();
  };

  /** Puts a whole other text in the editor (another version chosen, or the draft thrown away). */
  const startOver = (content: DraftContent) => {
    titleNow.current = content.title;
    setTitleState(content.title);
    startTextNow.current = content.text;
    setStartText(content.text);
    setEditorReady(false);
    setEditorKey((k) => k + 1);
  };

  const publish = trpc.stories.save.useMutation({
    onSuccess: async (result) => {
      sync.resetTo({ baseVersion: result.version, draftVersion: result.draft_version }, read());
      // Published: the copy on the device is no longer needed (a write still under way finishes first).
      await sync.forgetOnDevice();
      await utils.stories.invalidate();
      void utils.drafts.invalidate();
      void utils.revisions.invalidate();
      void utils.explore.invalidate();
      navigate(storyPath(username));
    },
    onError: (error) => {
      // A refused publish always asks, even over the same words: the person expects their press to publish.
      if (errorCode(error) === 'CONFLICT') void loadOther(errorMessage(error), { askWhenSame: true });
      else sync.resume();
    },
  });
  const discard = trpc.drafts.discard.useMutation();
  const deleteBanner = trpc.stories.deleteBanner.useMutation({
    onSuccess: () => utils.stories.get.invalidate({ username }),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const html = editor.current?.html();
    if (html === null || html === undefined || conflict) return;
    // A photo still on its way would be missing from the published story.
    const unfinished = editor.current?.unfinishedPhotos() ?? 0;
    setPhotosWaiting(unfinished > 0 ? PHOTOS_WAITING : null);
    if (unfinished > 0) return;
    // The running autosave finishes first, so the publish names the newest draft counter.
    await sync.flush();
    if (sync.getStatus().kind === 'conflict') return;
    sync.pause();
    publish.mutate({ title: titleNow.current, text: html, base_version: sync.baseVersion, draft_version: sync.draftVersion });
  };

  const discardDraft = async () => {
    if (!window.confirm(DISCARD_QUESTION)) return;
    setActionError(null);
    sync.pause();
    try {
      await sync.deviceSettled();
      const { draft_version } = await discard.mutateAsync({ draft_version: sync.draftVersion });
      await sync.forgetOnDevice();
      const now = await utils.client.stories.get.query({ username });
      void utils.stories.get.invalidate({ username });
      const published = { title: now?.title ?? '', text: now?.text ?? '' };
      sync.resetTo({ baseVersion: now?.version ?? 0, draftVersion: draft_version }, null);
      setRestoredAt(null);
      startOver(published);
    } catch (error) {
      if (errorCode(error) === 'CONFLICT') void loadOther(errorMessage(error));
      else {
        setActionError(error);
        sync.resume();
      }
    }
  };

  const keepThis = async () => {
    if (!conflict) return;
    setResolving(true);
    sync.resetTo(
      { baseVersion: conflict.baseVersion, draftVersion: conflict.draftVersion },
      conflict.theirsIsDraft ? conflict.theirs : null,
    );
    sync.changed(read);
    await sync.keepThisVersion();
    setResolving(false);
    setConflict(null);
    setRestoredAt(null);
  };

  const takeOther = async () => {
    if (!conflict) return;
    setResolving(true);
    sync.resetTo(
      { baseVersion: conflict.baseVersion, draftVersion: conflict.draftVersion },
      conflict.theirsIsDraft ? conflict.theirs : null,
    );
    await sync.forgetOnDevice();
    // The published story may have changed too: the banner controls read it afresh.
    void utils.stories.get.invalidate({ username });
    startOver(conflict.theirs);
    setResolving(false);
    setConflict(null);
    setRestoredAt(null);
  };

  const banner = mediaUrl(publishedStory?.story_image);
  // The error box sits by Save Story, far below the title: the title repeats its own problem.
  const titleError = publish.error ? fieldErrors(publish.error).title : undefined;
  // The text's own problem (too many photos: "A story can hold at most 200 photos. This one has 214.").
  const textError = publish.error ? fieldErrors(publish.error).text : undefined;
  const publishError = publish.error && errorCode(publish.error) !== 'CONFLICT' ? publish.error : null;

  return (
    <div className="page write-page">
      <div className="write-heading">
        <div>
          <p className="eyebrow">{publishedStory ? 'Your story' : 'A new story'}</p>
          <h1>{publishedStory ? 'Edit your story' : 'Write your story'}</h1>
        </div>
        <Link href="/story/versions" className="button secondary">
          Versions
        </Link>
      </div>
      <p className="write-intro">
        While you write, your words are kept as a private draft, on this device and in your account. Readers see them when you press Save
        Story.
      </p>

      {restoredAt !== null && !conflict && (
        <div className="restore-banner" role="status">
          <p>We restored your unpublished draft from {restoredTime.format(new Date(restoredAt))}. Publish it, or discard it.</p>
          <button type="button" className="button secondary" onClick={() => void discardDraft()} disabled={discard.isPending}>
            {discard.isPending ? 'Discarding…' : 'Discard draft'}
          </button>
        </div>
      )}
      <ErrorBox error={actionError} />

      {conflict && (
        <ConflictPanel
          message={conflict.message}
          mine={read}
          theirs={conflict.theirs}
          busy={resolving}
          onKeep={() => void keepThis()}
          onUseOther={() => void takeOther()}
        />
      )}

      <form className="write-form" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Title"
          name="title"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          error={titleError}
          autoComplete="off"
          placeholder="The title of your life story"
          required
        />

        <section className="write-banner" aria-labelledby={`${labelId}-banner`}>
          <h2 className="field-label" id={`${labelId}-banner`}>
            Story banner
          </h2>
          <div className="write-banner-body">
            {banner ? (
              <img className="write-banner-thumb" src={banner} alt="Your story's current banner" />
            ) : (
              <p className="write-banner-empty muted">{publishedStory ? 'No banner yet.' : 'Save your story first, then add a banner.'}</p>
            )}
            <div className="button-row">
              <Link href="/story/banner" className="button secondary">
                Change Story Banner
              </Link>
              {banner && (
                <button
                  type="button"
                  className="button danger"
                  onClick={() => {
                    if (window.confirm("Are you sure you want to delete your story's banner?")) deleteBanner.mutate();
                  }}
                  disabled={deleteBanner.isPending}
                >
                  {deleteBanner.isPending ? 'Deleting…' : 'Delete Story Banner'}
                </button>
              )}
            </div>
          </div>
          <ErrorBox error={deleteBanner.error} />
        </section>

        <div className="field write-text-field">
          <span className="field-label" id={`${labelId}-text`}>
            Story
          </span>
          <StoryEditor
            key={editorKey}
            ref={editor}
            initialHtml={startText}
            labelledBy={`${labelId}-text`}
            onChange={changed}
            onUnfinishedPhotos={(count) => count === 0 && setPhotosWaiting(null)}
            onReady={() => {
              setEditorReady(true);
              // Every file the editor needs is loaded now: the offline shell can keep them.
              keepWriteScreenOffline();
            }}
          />
        </div>

        <ErrorBox error={publishError} />
        {textError && textError !== errorMessage(publishError) && <ErrorBox message={textError} />}
        <ErrorBox message={photosWaiting} />
        <div className="button-row write-actions">
          <button type="submit" className="button large" disabled={publish.isPending || !editorReady || conflict !== null}>
            {publish.isPending ? 'Publishing…' : 'Save Story'}
          </button>
          <DraftStatus status={status} onRetry={() => sync.retryNow()} />
        </div>
      </form>
    </div>
  );
}

/** A value React can subscribe to (the save status changes outside React's own updates). */
function valueStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next: T) => {
      value = next;
      for (const l of listeners) l();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
