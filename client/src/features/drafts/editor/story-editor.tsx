// The story editor: toolbar + Milkdown, started once from the stored HTML (later prop changes are ignored,
// so a refetch never overwrites what the writer is typing). The parent reads the HTML through the ref.
// Photos (issue #12): added by the toolbar's file picker, by dropping or pasting image files; each uploads behind
// a placeholder (photo-uploads.ts) while the writer types on, and the description dialog asks what it shows.
import { getHTML } from '@milkdown/kit/utils';
import type { Editor } from '@milkdown/kit/core';
import type { EditorView } from '@milkdown/kit/prose/view';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Loading } from '../../../components/loading';
import { addChapterTransaction, chapterPosition } from './add-chapter';
import { StoryCommands } from './commands';
import { createStoryEditor } from './create-editor';
import { formattingOf, NO_FORMATTING, sameFormatting, type Formatting } from './formatting';
import { type DescribeItem, PhotoDescriptionDialog } from './photo-description-dialog';
import { PHOTO } from './photo-schema';
import { PHOTO_ACCEPT } from './photo-upload';
import { PhotoUploads, photoFiles, setPhotoAlt } from './photo-uploads';
import { toStoredHtml } from './story-html';
import { Toolbar } from './toolbar';
import './editor.css';

export interface StoryEditorHandle {
  /** The story as HTML to store ('' when empty); null while the editor is still starting. */
  html(): string | null;
  focus(): void;
  /** Photos not yet in the text: uploading, waiting, or refused and waiting for Retry or Remove. */
  unfinishedPhotos(): number;
  /**
   * Adds a chapter at the end of the text: a heading with `title` and the caret, focused and in view, on an empty line
   * under it (add-chapter.ts). False while the editor is still starting.
   */
  addChapter(title: string): boolean;
  /**
   * Scrolls the chapter whose heading reads as `title` to the top of the screen, without the focus (on a phone that
   * would open the keyboard over it). False when the text has no such chapter or the editor is still starting.
   */
  showChapter(title: string): boolean;
}

interface Props {
  initialHtml: string;
  /** Id of the visible label naming the text area. */
  labelledBy: string;
  /** Called on every change of the text. */
  onChange: () => void;
  /** Called once the editor can be typed in (and read). */
  onReady?: () => void;
  /** Called when the number of photos not yet in the text changes. */
  onUnfinishedPhotos?: (count: number) => void;
  ref?: Ref<StoryEditorHandle>;
}

interface Running {
  editor: Editor;
  view: EditorView;
  commands: StoryCommands;
  photos: PhotoUploads;
}

/** The dialog's question: about photos just added (ids of upload jobs) or one already in the text (its address). */
type Describing = { items: DescribeItem[]; existing: false } | { items: [DescribeItem]; existing: true; src: string };

export function StoryEditor({ initialHtml, labelledBy, onChange, onReady, onUnfinishedPhotos, ref }: Props) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Running | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [commands, setCommands] = useState<StoryCommands | null>(null);
  const [formatting, setFormatting] = useState<Formatting>(NO_FORMATTING);
  const [notice, setNotice] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [describing, setDescribing] = useState<Describing | null>(null);
  const [failed, setFailed] = useState(false);
  const intl = useIntl();
  // The editor is made once; its words (placeholder, photo notes) are in the language of that moment.
  const intlRef = useRef(intl);
  intlRef.current = intl;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const onUnfinishedRef = useRef(onUnfinishedPhotos);
  onUnfinishedRef.current = onUnfinishedPhotos;
  const initial = useRef(initialHtml);
  const id = useId();
  const textId = `${id}-text`;
  const hintId = `${id}-hint`;

  /** Opens the description dialog for the photo at `pos`. */
  const describeAt = (pos: number) => {
    const node = editorRef.current?.view.state.doc.nodeAt(pos);
    if (node?.type.name !== PHOTO) return;
    const src = String(node.attrs.src);
    setDescribing({
      existing: true,
      src,
      items: [
        { id: src, name: intl.formatMessage({ id: 'photo.thisPhoto', defaultMessage: 'This photo' }), src, alt: String(node.attrs.alt) },
      ],
    });
  };
  const describeAtRef = useRef(describeAt);
  describeAtRef.current = describeAt;

  const startPhotos = (files: File[], pos: number) => {
    const jobs = editorRef.current?.photos.add(files, pos) ?? [];
    if (jobs.length > 0)
      setDescribing({
        existing: false,
        items: jobs.map((j) => ({
          id: j.id,
          name: j.file.name || intl.formatMessage({ id: 'photo.name', defaultMessage: 'Photo' }),
          file: j.file,
          alt: '',
        })),
      });
  };
  const startPhotosRef = useRef(startPhotos);
  startPhotosRef.current = startPhotos;

  useEffect(() => {
    // Each mount gets its own element, so a StrictMode remount never shares DOM with a closing editor.
    const root = document.createElement('div');
    root.className = 'story-editor-root';
    hostRef.current!.append(root);
    let closed = false;
    let created: Running | null = null;
    const words = intlRef.current;
    createStoryEditor({
      intl: words,
      root,
      html: initial.current,
      id: textId,
      labelledBy,
      describedBy: hintId,
      placeholder: words.formatMessage({ id: 'editor.placeholder', defaultMessage: 'Begin with a memory…' }),
      onState: (state, docChanged) => {
        if (closed) return;
        const next = formattingOf(state);
        setFormatting((prev) => (sameFormatting(prev, next) ? prev : next));
        if (docChanged) onChangeRef.current();
      },
      onPhotoFiles: (files, pos) => startPhotosRef.current(files, pos),
      onDescribePhoto: (pos) => describeAtRef.current(pos),
      onForeignImagesDropped: (count) =>
        setNotice(
          intlRef.current.formatMessage(
            {
              id: 'editor.foreignImages',
              defaultMessage:
                '{count, plural, one {A picture from another website was} other {# pictures from other websites were}} left out: only your own photos can be in your story. Save the picture on your device, then add it with Add photo.',
            },
            { count },
          ),
        ),
    })
      .then(({ editor, view }) => {
        if (closed) return void editor.destroy();
        const photos: PhotoUploads = new PhotoUploads(view, {
          announce: setAnnouncement,
          notice: setNotice,
          intl: words,
          changed: () => onUnfinishedRef.current?.(photos.unfinished()),
        });
        created = { editor, view, commands: new StoryCommands(editor, view), photos };
        editorRef.current = created;
        setCommands(created.commands);
        onReadyRef.current?.();
      })
      .catch((err: unknown) => {
        console.warn('The editor did not start', err);
        if (!closed) setFailed(true);
      });
    return () => {
      closed = true;
      editorRef.current = null;
      created?.photos.destroy();
      void created?.editor.destroy();
      root.remove();
    };
  }, [textId, hintId, labelledBy]);

  useImperativeHandle(
    ref,
    () => ({
      html: () => {
        const current = editorRef.current;
        return current ? toStoredHtml(current.editor.action(getHTML())) : null;
      },
      focus: () => hostRef.current?.querySelector<HTMLElement>('[contenteditable]')?.focus(),
      unfinishedPhotos: () => editorRef.current?.photos.unfinished() ?? 0,
      addChapter: (title) => {
        const view = editorRef.current?.view;
        const tr = view && addChapterTransaction(view.state, title);
        if (!view || !tr) return false;
        view.dispatch(tr);
        view.focus();
        return true;
      },
      showChapter: (title) => {
        const view = editorRef.current?.view;
        const at = view ? chapterPosition(view.state.doc, title) : null;
        const heading = view && at !== null ? view.nodeDOM(at) : null;
        if (!(heading instanceof HTMLElement)) return false;
        heading.scrollIntoView({ block: 'start' }); // to the top of the editor's own scrolling frame...
        hostRef.current?.closest('.story-editor')?.scrollIntoView({ block: 'start' }); // ...and the frame to the screen's
        return true;
      },
    }),
    [],
  );

  const closeDialog = () => setDescribing(null);
  // Once the dialog has gone (and the browser has put focus back where it was when it opened), back to the text.
  const wasDescribing = useRef(false);
  useEffect(() => {
    if (wasDescribing.current && !describing) editorRef.current?.view.focus();
    wasDescribing.current = describing !== null;
  }, [describing]);
  const saveDescriptions = (alts: Record<string, string>) => {
    const running = editorRef.current;
    if (running && describing?.existing) setPhotoAlt(running.view, describing.src, alts[describing.src] ?? '');
    else if (running && describing) for (const item of describing.items) running.photos.describe(item.id, alts[item.id] ?? '');
    const described = Object.values(alts).filter(Boolean).length;
    setAnnouncement(
      intl.formatMessage(
        {
          id: 'photo.descriptionsSaved',
          defaultMessage: '{count, plural, =0 {No description saved.} one {Description saved.} other {# descriptions saved.}}',
        },
        { count: described },
      ),
    );
    closeDialog();
  };

  return (
    <div className="story-editor">
      <Toolbar
        commands={commands}
        formatting={formatting}
        onNotice={setNotice}
        controls={textId}
        onAddPhoto={() => fileInput.current?.click()}
        onDescribePhoto={() => {
          const selected = commands?.selectedPhoto();
          if (selected) describeAt(selected.pos);
        }}
      />
      <input
        ref={fileInput}
        type="file"
        accept={PHOTO_ACCEPT}
        multiple
        hidden
        aria-label={intl.formatMessage({ id: 'editor.photosToAdd', defaultMessage: 'Photos to add' })}
        onChange={(e) => {
          const files = photoFiles(e.target.files);
          // Cleared so that choosing the same files again still reports a change.
          e.target.value = '';
          const view = editorRef.current?.view;
          if (view && files.length > 0) startPhotos(files, view.state.selection.from);
        }}
      />
      {notice && (
        <p className="editor-notice" role="status">
          {notice}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="story-editor-scroll" aria-busy={!commands}>
        <div ref={hostRef} />
        {!commands && !failed && (
          <Loading label={intl.formatMessage({ id: 'editor.preparing', defaultMessage: 'Preparing the editor…' })} />
        )}
        {failed && (
          <p className="error-box" role="alert">
            <FormattedMessage id="editor.failed" defaultMessage="The editor could not start. Please reload the page." />
          </p>
        )}
      </div>
      <p className="editor-hint" id={hintId}>
        <FormattedMessage
          id="editor.tip"
          defaultMessage="Tip: on a new line, type <kbd>##</kbd> and a space for a heading, <kbd>###</kbd> for a subheading, <kbd>-</kbd> for a list, <kbd>></kbd> for a quote. Add photos with the button, or drop or paste them into the text. Under each photo, the caption is shown to every reader; the description is read aloud to people who cannot see the photo."
          values={{ kbd: (chunks) => <kbd>{chunks}</kbd> }}
        />
      </p>
      {describing && (
        <PhotoDescriptionDialog
          key={describing.items.map((i) => i.id).join(' ')}
          items={describing.items}
          onSave={saveDescriptions}
          onSkip={closeDialog}
        />
      )}
    </div>
  );
}
