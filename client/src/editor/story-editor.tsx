// The story editor: toolbar + Milkdown, started once from the stored HTML (later prop changes are ignored,
// so a refetch never overwrites what the writer is typing). The parent reads the HTML through the ref.
import { getHTML } from '@milkdown/kit/utils';
import type { Editor } from '@milkdown/kit/core';
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { Loading } from '../components/loading';
import { StoryCommands } from './commands';
import { createStoryEditor } from './create-editor';
import { formattingOf, NO_FORMATTING, sameFormatting, type Formatting } from './formatting';
import { toStoredHtml } from './story-html';
import { Toolbar } from './toolbar';
import './editor.css';

export interface StoryEditorHandle {
  /** The story as HTML to store ('' when empty); null while the editor is still starting. */
  html(): string | null;
  focus(): void;
}

interface Props {
  initialHtml: string;
  /** Id of the visible label naming the text area. */
  labelledBy: string;
  /** Called on every change of the text. */
  onChange: () => void;
  /** Called once the editor can be typed in (and read). */
  onReady?: () => void;
  ref?: Ref<StoryEditorHandle>;
}

export function StoryEditor({ initialHtml, labelledBy, onChange, onReady, ref }: Props) {
  const hostRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<{ editor: Editor; commands: StoryCommands } | null>(null);
  const [commands, setCommands] = useState<StoryCommands | null>(null);
  const [formatting, setFormatting] = useState<Formatting>(NO_FORMATTING);
  const [notice, setNotice] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  const initial = useRef(initialHtml);
  const id = useId();
  const textId = `${id}-text`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    // Each mount gets its own element, so a StrictMode remount never shares DOM with a closing editor.
    const root = document.createElement('div');
    root.className = 'story-editor-root';
    hostRef.current!.append(root);
    let closed = false;
    let created: Editor | null = null;
    createStoryEditor({
      root,
      html: initial.current,
      id: textId,
      labelledBy,
      describedBy: hintId,
      placeholder: 'Begin with a memory…',
      onState: (state, docChanged) => {
        if (closed) return;
        const next = formattingOf(state);
        setFormatting((prev) => (sameFormatting(prev, next) ? prev : next));
        if (docChanged) onChangeRef.current();
      },
    })
      .then(({ editor, view }) => {
        created = editor;
        if (closed) return void editor.destroy();
        const c = new StoryCommands(editor, view);
        editorRef.current = { editor, commands: c };
        setCommands(c);
        onReadyRef.current?.();
      })
      .catch((err: unknown) => {
        console.warn('The editor did not start', err);
        if (!closed) setFailed(true);
      });
    return () => {
      closed = true;
      editorRef.current = null;
      void created?.destroy();
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
    }),
    [],
  );

  return (
    <div className="story-editor">
      <Toolbar commands={commands} formatting={formatting} onNotice={setNotice} controls={textId} />
      {notice && (
        <p className="editor-notice" role="status">
          {notice}
        </p>
      )}
      <div className="story-editor-scroll" aria-busy={!commands}>
        <div ref={hostRef} />
        {!commands && !failed && <Loading label="Preparing the editor…" />}
        {failed && (
          <p className="error-box" role="alert">
            The editor could not start. Please reload the page.
          </p>
        )}
      </div>
      <p className="editor-hint" id={hintId}>
        Tip: type <kbd>##</kbd> and a space for a heading, <kbd>-</kbd> for a list, <kbd>&gt;</kbd> for a quote.
      </p>
    </div>
  );
}
