// The write screen's draft session (ADR 0012, issue #11): the title and the editor's text, autosaved to the
// device and the server (draft-sync.ts) with its status; the conflict when another tab or device changed the
// draft, and its two ways out; publishing, discarding the draft; saving on leaving the page and asking before
// a link leaves a change unsaved. write-screen.tsx only draws it.
import { type FormEvent, type RefObject, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { errorCode, errorMessage, fieldErrors } from '../../lib/errors';
import { holdNavigation } from '../../lib/navigation-guard';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { visibleDraft } from '../../lib/visible-text';
import { deviceDrafts } from './device-drafts';
import { type DraftContent, DraftSync, type SaveStatus } from './draft-sync';
import { sendDraft } from './draft-transport';
import { newTabId } from './tab-locks';
import { useAudienceChoice } from './use-audience-choice';
import type { ChosenOpening } from './use-draft-opening';

const notices = defineMessages({
  leaveUnsaved: { id: 'draft.leaveUnsaved', defaultMessage: 'Your story has unsaved changes. Leave this page and lose them?' },
  photosWaiting: {
    id: 'draft.photosWaiting',
    defaultMessage:
      'Some photos are not in your story yet. Wait until they have uploaded, or press Remove on any that could not be added, then press Save Story again.',
  },
  changedSinceDevice: {
    id: 'draft.conflict.changedSinceDevice',
    defaultMessage: 'This draft was changed in another tab or on another device since this device last saved it.',
  },
  changedElsewhere: {
    id: 'draft.conflict.changedElsewhere',
    defaultMessage: 'This draft was changed in another tab or on another device.',
  },
});

export interface Conflict {
  message: string;
  theirs: DraftContent;
  /** The server's draft is the other version (else it is the published story, or nothing). */
  theirsIsDraft: boolean;
  draftVersion: number;
  baseVersion: number;
}

/** What the session reads of the editor (its StoryEditorHandle), so that this file never names the editor's module. */
export interface EditorText {
  /** The story as HTML ('' when empty); null while the editor is still starting. */
  html(): string | null;
  unfinishedPhotos(): number;
}

export function useDraftSession(
  { opening, story, adopted, username }: ChosenOpening & { username: string },
  editor: RefObject<EditorText | null>,
) {
  const [, navigate] = useLocation();
  const intl = useIntl();
  const utils = trpc.useUtils();
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
  // Who can read it: sent with the first publish, applied at once afterwards.
  const audience = useAudienceChoice({ publishedStory, username });
  const [restoredAt, setRestoredAt] = useState(opening.restoredAt);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [resolving, setResolving] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);
  const [photosWaiting, setPhotosWaiting] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);

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
      choosingFrom: opening.conflict ? (adopted?.draft_version ?? null) : null,
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked once, on opening, in the language of that moment (not again on a switch).
  useEffect(() => {
    if (opening.conflict) {
      sync.pause();
      setConflict({
        message: intl.formatMessage(notices.changedSinceDevice),
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
    if (status.kind === 'conflict' && !conflict) void loadOther(intl.formatMessage(notices.changedElsewhere));
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
  useEffect(() => holdNavigation(() => !sync.unsafe() || window.confirm(intl.formatMessage(notices.leaveUnsaved))), [sync, intl]);
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

  const publish = trpc.stories.publish.useMutation({
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
      preview.reset(); // its error shows by Save Story, in the form
      // A refused publish always asks, even over the same words: the person expects their press to publish.
      if (errorCode(error) === 'CONFLICT') void loadOther(errorMessage(error), { askWhenSame: true });
      else sync.resume();
    },
  });
  const discard = trpc.drafts.discard.useMutation();
  const importDoc = trpc.drafts.importDocument.useMutation();
  // Before a first publish, Save Story shows page 1 as readers will see it and who will (issue #26, docs/editor.md).
  const preview = trpc.stories.preview.useMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const html = editor.current?.html();
    if (html === null || html === undefined || conflict) return;
    // A photo still on its way would be missing from the published story.
    const unfinished = editor.current?.unfinishedPhotos() ?? 0;
    setPhotosWaiting(unfinished > 0 ? intl.formatMessage(notices.photosWaiting) : null);
    if (unfinished > 0) return;
    if (publishedStory === null) {
      publish.reset();
      preview.mutate({ title: titleNow.current, text: html });
      return;
    }
    await publishNow(html);
  };

  /** Publishes the editor's text (Save Story, or "Publish my story" under the first preview). */
  const publishNow = async (html: string) => {
    // The running autosave finishes first, so the publish names the newest draft counter.
    await sync.flush();
    if (sync.getStatus().kind === 'conflict') return;
    sync.pause();
    publish.mutate({
      title: titleNow.current,
      text: html,
      base_version: sync.baseVersion,
      draft_version: sync.draftVersion,
      ...(audience.publishAudience ? { audience: audience.publishAudience } : {}),
    });
  };

  const discardDraft = async () => {
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

  /**
   * "Import a document": the words typed so far reach the server first, then the document goes into the draft there
   * (the server keeps a draft it replaces), and the editor starts again from the draft the server holds now.
   * Rejects with the server's sentence; a conflict shows the other version, as a save's does.
   */
  const importDocument = async (html: string, mode: 'append' | 'replace') => {
    setActionError(null);
    // Save Story waits for it: pressed meanwhile, it would publish (or preview) the draft without the document.
    setImporting(true);
    await sync.flush();
    sync.pause();
    try {
      await sync.deviceSettled();
      await importDoc.mutateAsync({ text: html, mode, draft_version: sync.draftVersion });
      const [serverDraft, now] = await Promise.all([utils.client.drafts.get.query(), utils.client.stories.get.query({ username })]);
      const content = serverDraft.draft ?? { title: titleNow.current, text: html };
      sync.resetTo({ baseVersion: serverDraft.draft?.base_version ?? now?.version ?? 0, draftVersion: serverDraft.draft_version }, content);
      await sync.forgetOnDevice();
      setRestoredAt(null);
      startOver(content);
    } catch (error) {
      if (errorCode(error) === 'CONFLICT') void loadOther(errorMessage(error));
      else sync.resume();
      throw error;
    } finally {
      setImporting(false);
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

  // The error box sits by Save Story, far below the title: the title repeats its own problem.
  // A refused preview is a refused publish to the writer: the same messages in the same places.
  const refusal = publish.error ?? preview.error;
  const titleError = refusal ? fieldErrors(refusal).title : undefined;
  // The text's own problem (too many photos: "A story can hold at most 200 photos. This one has 214.").
  const textError = refusal ? fieldErrors(refusal).text : undefined;
  const publishError = refusal && errorCode(refusal) !== 'CONFLICT' ? refusal : null;

  return {
    title,
    setTitle,
    /** What the editor starts from, and a key that starts it again. */
    startText,
    editorKey,
    editorReady,
    editorStarted: () => setEditorReady(true),
    changed,
    read,
    publishedStory,
    audience,
    restoredAt,
    conflict,
    resolving,
    keepThis,
    takeOther,
    actionError,
    photosWaiting,
    photosSettled: (count: number) => count === 0 && setPhotosWaiting(null),
    status,
    retry: () => sync.retryNow(),
    submit,
    publishing: publish.isPending,
    previewing: preview.isPending,
    /** Page 1 as readers will see it, while the first-publish preview is open. */
    preview: preview.data ?? null,
    publishPreviewed: () => {
      const html = editor.current?.html();
      if (html !== null && html !== undefined) void publishNow(html);
    },
    closePreview: () => preview.reset(),
    titleError,
    textError,
    publishError,
    discardDraft,
    discarding: discard.isPending,
    importDocument,
    /** A document is being added to the draft (until the editor has started again with it). */
    importing,
  };
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
