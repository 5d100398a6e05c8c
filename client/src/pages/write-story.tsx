// Write or edit one's own story: title, banner, the rich-text editor, Save Story. This module is the lazy
// chunk (app.tsx imports it with React.lazy): it alone pulls in Milkdown, so readers never download it.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { Story } from '#contract/schemas';
import { ErrorBox } from '../components/error-box';
import { Loading } from '../components/loading';
import { TextField } from '../components/text-field';
import { useDocumentTitle } from '../components/use-document-title';
import { StoryEditor, type StoryEditorHandle } from '../editor/story-editor';
import { fieldErrors } from '../lib/errors';
import { holdNavigation } from '../lib/navigation-guard';
import { mediaUrl } from '../lib/media';
import { storyPath } from '../lib/paths';
import { trpc } from '../lib/trpc';
import { useSessionUser } from '../state/session';
import '../styles/write.css';

const LEAVE_UNSAVED = 'Your story has unsaved changes. Leave this page and lose them?';

export default function WriteStory() {
  const username = useSessionUser()?.username ?? '';
  // Always fresh from the server: the editor starts from this text once and keeps what the writer types.
  const story = trpc.stories.get.useQuery({ username }, { enabled: username !== '', staleTime: 0, refetchOnMount: 'always' });
  const loaded = story.isFetchedAfterMount && story.isSuccess;
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (loaded) setOpened(true);
  }, [loaded]);
  useDocumentTitle(story.data ? 'Edit your story' : 'Write your story');

  if ((opened || loaded) && story.data !== undefined) return <WriteForm story={story.data} username={username} />;
  return (
    <div className="page write-page">
      {story.isError && story.isFetchedAfterMount ? (
        <>
          <h1>Write your story</h1>
          <ErrorBox error={story.error} />
          <button type="button" className="button secondary" onClick={() => void story.refetch()}>
            Try again
          </button>
        </>
      ) : (
        <Loading label="Loading your story…" />
      )}
    </div>
  );
}

function WriteForm({ story, username }: { story: Story | null; username: string }) {
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const editor = useRef<StoryEditorHandle>(null);
  const [title, setTitle] = useState(story?.title ?? '');
  const [dirty, setDirtyState] = useState(false);
  // The navigation guard asks synchronously, e.g. right after a save cleared it and before React re-renders.
  const dirtyNow = useRef(false);
  const setDirty = (value: boolean) => {
    dirtyNow.current = value;
    setDirtyState(value);
  };
  const [editorReady, setEditorReady] = useState(false);
  const labelId = useId();

  const save = trpc.stories.save.useMutation({
    onSuccess: async () => {
      setDirty(false);
      await utils.stories.invalidate();
      void utils.explore.invalidate();
      navigate(storyPath(username));
    },
  });
  const deleteBanner = trpc.stories.deleteBanner.useMutation({
    onSuccess: () => utils.stories.get.invalidate({ username }),
  });

  // Following a link in the app (Change Story Banner, the navigation bar) with unsaved work asks first.
  useEffect(() => holdNavigation(() => !dirtyNow.current || window.confirm(LEAVE_UNSAVED)), []);

  // Closing the tab or reloading with unsaved work asks first (the browser words the question).
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const html = editor.current?.html();
    if (html === null || html === undefined) return;
    save.mutate({ title, text: html });
  };

  const removeBanner = () => {
    if (window.confirm("Are you sure you want to delete your story's banner?")) deleteBanner.mutate();
  };

  const banner = mediaUrl(story?.story_image);
  // The error box sits by Save Story, far below the title: the title repeats its own problem.
  const titleError = save.error ? fieldErrors(save.error).title : undefined;

  return (
    <div className="page write-page">
      <p className="eyebrow">{story ? 'Your story' : 'A new story'}</p>
      <h1>{story ? 'Edit your story' : 'Write your story'}</h1>

      <form className="write-form" onSubmit={submit} noValidate>
        <TextField
          label="Title"
          name="title"
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            setDirty(true);
          }}
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
              <p className="write-banner-empty muted">{story ? 'No banner yet.' : 'Save your story first, then add a banner.'}</p>
            )}
            <div className="button-row">
              <Link href="/story/banner" className="button secondary">
                Change Story Banner
              </Link>
              {banner && (
                <button type="button" className="button danger" onClick={removeBanner} disabled={deleteBanner.isPending}>
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
            ref={editor}
            initialHtml={story?.text ?? ''}
            labelledBy={`${labelId}-text`}
            onChange={() => setDirty(true)}
            onReady={() => setEditorReady(true)}
          />
        </div>

        <ErrorBox error={save.error} />
        <div className="button-row write-actions">
          <button type="submit" className="button large" disabled={save.isPending || !editorReady}>
            {save.isPending ? 'Saving…' : 'Save Story'}
          </button>
          {dirty && !save.isPending && <span className="muted write-unsaved">Unsaved changes</span>}
        </div>
      </form>
    </div>
  );
}
