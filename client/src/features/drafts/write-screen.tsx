// Write or edit one's own story: title, banner, the rich-text editor, Save Story (publish). This module is the
// lazy chunk (app.tsx imports it with React.lazy): it alone pulls in Milkdown, so readers never download it.
// Never lose a word (issue #11): every change is kept on the device and autosaved as a draft (draft-sync.ts);
// the screen opens with the newest text (draft-opening.ts) and asks when two tabs or devices disagree. The session
// behind the form (autosave, conflicts, publishing, leaving the page) is use-draft-session.ts; this file draws it.
import { useId, useRef } from 'react';
import { Link } from 'wouter';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorMessage } from '../../lib/errors';
import { useSessionUser } from '../../state/session';
import { LifeSoFarDisclosure, QuestionPicker } from '../questions';
import { useChapterFromLink, useQuestionFromLink, WeeklyQuestionLink } from '../weekly-question';
import { AudienceControl } from './audience-control';
import { ConflictPanel } from './conflict-panel';
import { DraftStatus } from './draft-status';
import { FirstPublishPreview } from './first-publish-preview';
import { ImportDocument } from './import-document';
import { StoryEditor, type StoryEditorHandle } from './editor/story-editor';
import { keepWriteScreenOffline } from './offline-shell';
import { RestoreBanner } from './restore-banner';
import { type ChosenOpening, useDraftOpening } from './use-draft-opening';
import { useDraftSession } from './use-draft-session';
import { WriteBanner } from './write-banner';
import '../../styles/write.css';
import { FormattedMessage, useIntl } from 'react-intl';

export default function WriteStory() {
  const username = useSessionUser()?.username ?? '';
  const { opening, story, draft } = useDraftOpening(username);
  const intl = useIntl();
  useDocumentTitle(
    story.data
      ? intl.formatMessage({ id: 'write.title.edit', defaultMessage: 'Edit your story' })
      : intl.formatMessage({ id: 'write.title.write', defaultMessage: 'Write your story' }),
  );

  if (opening) return <WriteForm opening={opening.opening} story={opening.story} adopted={opening.adopted} username={username} />;
  const failed = (story.isError && story.isFetchedAfterMount) || (draft.isError && draft.isFetchedAfterMount);
  return (
    <div className="page write-page">
      {failed ? (
        <>
          <h1>
            <FormattedMessage id="write.title.write" defaultMessage="Write your story" />
          </h1>
          <ErrorBox error={story.error ?? draft.error} />
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              void story.refetch();
              void draft.refetch();
            }}
          >
            <FormattedMessage id="common.tryAgain" defaultMessage="Try again" />
          </button>
        </>
      ) : (
        <Loading label={intl.formatMessage({ id: 'write.loading', defaultMessage: 'Loading your story…' })} />
      )}
    </div>
  );
}

function WriteForm({ username, ...opening }: ChosenOpening & { username: string }) {
  const editor = useRef<StoryEditorHandle>(null);
  const s = useDraftSession({ ...opening, username }, editor);
  // The weekly email's link (/story/write?question=<id>) starts its chapter once the editor is ready (ADR 0031).
  useQuestionFromLink(() => editor.current, s.editorReady);
  // The "answer is in your draft" email's link (/story/write?chapter=<question>) opens on that chapter (ADR 0030).
  useChapterFromLink(() => editor.current, s.editorReady);
  const labelId = useId();
  const intl = useIntl();
  const { publishedStory } = s;

  return (
    <div className="page write-page">
      <div className="write-heading">
        <div>
          <p className="eyebrow">
            {publishedStory ? (
              <FormattedMessage id="write.eyebrow.yours" defaultMessage="Your story" />
            ) : (
              <FormattedMessage id="write.eyebrow.new" defaultMessage="A new story" />
            )}
          </p>
          <h1>
            {publishedStory ? (
              <FormattedMessage id="write.title.edit" defaultMessage="Edit your story" />
            ) : (
              <FormattedMessage id="write.title.write" defaultMessage="Write your story" />
            )}
          </h1>
        </div>
        <Link href="/story/versions" className="button secondary">
          <FormattedMessage id="write.versions" defaultMessage="Versions" />
        </Link>
      </div>
      <p className="write-intro">
        <FormattedMessage
          id="write.intro"
          defaultMessage="While you write, your words are kept as a private draft, on this device and in your account. Readers see them when you press Save Story. New to this? Read <link>How to write your story</link>."
          values={{ link: (chunks) => <Link href="/guide">{chunks}</Link> }}
        />
      </p>

      {s.restoredAt !== null && !s.conflict && (
        <RestoreBanner
          restoredAt={s.restoredAt}
          published={s.publishedStory !== null}
          discarding={s.discarding}
          onDiscard={() => void s.discardDraft()}
        />
      )}
      <ErrorBox error={s.actionError} />
      {!s.conflict && <ImportDocument onImport={s.importDocument} />}

      {s.conflict && (
        <ConflictPanel
          message={s.conflict.message}
          mine={s.read}
          theirs={s.conflict.theirs}
          busy={s.resolving}
          onKeep={() => void s.keepThis()}
          onUseOther={() => void s.takeOther()}
        />
      )}

      <form className="write-form" onSubmit={(e) => void s.submit(e)} noValidate>
        <TextField
          label={intl.formatMessage({ id: 'write.titleField', defaultMessage: 'Title' })}
          name="title"
          value={s.title}
          onChange={(e) => s.setTitle(e.target.value)}
          error={s.titleError}
          autoComplete="off"
          placeholder={intl.formatMessage({ id: 'write.titlePlaceholder', defaultMessage: 'The title of your life story' })}
          dir="auto"
          required
        />

        <WriteBanner publishedStory={publishedStory} username={username} />

        <div className="field write-text-field">
          <span className="field-label" id={`${labelId}-text`}>
            <FormattedMessage id="write.storyField" defaultMessage="Story" />
          </span>
          <QuestionPicker ready={s.editorReady} addChapter={(title) => editor.current?.addChapter(title) ?? false} />
          <WeeklyQuestionLink />
          <StoryEditor
            key={s.editorKey}
            ref={editor}
            initialHtml={s.startText}
            labelledBy={`${labelId}-text`}
            onChange={s.changed}
            onUnfinishedPhotos={s.photosSettled}
            onReady={() => {
              s.editorStarted();
              // Every file the editor needs is loaded now: the offline shell can keep them.
              keepWriteScreenOffline();
            }}
          />
        </div>

        <ErrorBox error={s.publishError} />
        {s.textError && s.textError !== errorMessage(s.publishError) && <ErrorBox message={s.textError} />}
        <ErrorBox message={s.photosWaiting} />
        <AudienceControl choice={s.audience} editorReady={s.editorReady} />
        <div className="button-row write-actions">
          <button
            type="submit"
            className="button large"
            disabled={s.publishing || s.previewing || s.importing || !s.editorReady || s.conflict !== null}
          >
            {s.publishing ? (
              <FormattedMessage id="write.publishing" defaultMessage="Publishing…" />
            ) : s.previewing ? (
              <FormattedMessage id="write.previewing" defaultMessage="Opening a preview…" />
            ) : (
              <FormattedMessage id="write.save" defaultMessage="Save Story" />
            )}
          </button>
          <DraftStatus status={s.status} onRetry={s.retry} />
        </div>
      </form>
      {s.preview && (
        <FirstPublishPreview
          preview={s.preview}
          audience={s.audience.chosen}
          publishing={s.publishing}
          onPublish={s.publishPreviewed}
          onClose={s.closePreview}
        />
      )}
      <LifeSoFarDisclosure savedAt={s.status.kind === 'saved' ? s.status.at : null} />
    </div>
  );
}
