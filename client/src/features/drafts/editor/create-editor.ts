// The Milkdown editor itself: CommonMark + GFM (tables, strikethrough), history and clipboard, started
// from the stored HTML with the caret at the end of the text. The preset's block shortcuts ("## ", "- ", …) and
// heading keys are replaced by ours (block-input-rules.ts, heading-keys.ts; docs/editor.md). Only the write screen's lazy chunk imports this.
import type { IntlShape } from 'react-intl';
import { defaultValueCtx, Editor, editorViewCtx, editorViewOptionsCtx, rootCtx } from '@milkdown/kit/core';
import { clipboard } from '@milkdown/kit/plugin/clipboard';
import { cleanPastedHtml } from './paste-cleanup';
import { history } from '@milkdown/kit/plugin/history';
import { commonmark, headingKeymap, inputRules as presetBlockRules } from '@milkdown/kit/preset/commonmark';
import { gfm } from '@milkdown/kit/preset/gfm';
import { Plugin, PluginKey, type EditorState } from '@milkdown/kit/prose/state';
import { Decoration, DecorationSet, type EditorView } from '@milkdown/kit/prose/view';
import { $prose, $view } from '@milkdown/kit/utils';
import { blockInputRules } from './block-input-rules';
import { endOfText, keepCaretOnFocus } from './caret-at-end';
import { isEmptyDoc } from './formatting';
import { headingKeys } from './heading-keys';
import { subscript, superscript, underline } from './html-only-marks';
import { foreignImageGuard, photoClicks, photoKeys, photoPlaceholders } from './photo-plugin';
import { photoCaptionSchema, photoSchema } from './photo-schema';
import { PhotoView } from './photo-view';
import { storyDom } from './story-html';
import { textDirection } from './text-direction';

export interface EditorOptions {
  root: HTMLElement;
  html: string;
  /** Id of the editable element (the toolbar's aria-controls). */
  id: string;
  /** Id of the visible label naming the text area. */
  labelledBy: string;
  describedBy?: string;
  placeholder: string;
  /** Every new state: the toolbar reads formatting from it, `docChanged` marks unsaved work. */
  onState: (state: EditorState, docChanged: boolean) => void;
  /** Image files pasted or dropped at `pos` (photo-uploads.ts takes them from there). */
  onPhotoFiles: (files: File[], pos: number) => void;
  /** The writer asked to describe the photo at `pos`. */
  onDescribePhoto: (pos: number) => void;
  /** Pictures from other sites came in (pasted) and were left out. */
  onForeignImagesDropped: (count: number) => void;
  /** The interface's language, for the words the editor draws itself (photo-view.ts); English when not given. */
  intl?: IntlShape;
}

/** Reports each state to React, and gives an empty document's paragraph the placeholder (shown by CSS). */
function watcher(options: EditorOptions) {
  return $prose(
    () =>
      new Plugin({
        key: new PluginKey('STORY_WATCHER'),
        props: {
          attributes: (state): Record<string, string> => ({ 'data-empty': String(isEmptyDoc(state)) }),
          decorations: (state) =>
            isEmptyDoc(state)
              ? DecorationSet.create(state.doc, [
                  Decoration.node(0, state.doc.firstChild!.nodeSize, {
                    class: 'story-placeholder',
                    'data-placeholder': options.placeholder,
                  }),
                ])
              : null,
        },
        view: (view) => {
          options.onState(view.state, false);
          return { update: (v, prev) => options.onState(v.state, v.state.doc !== prev.doc) };
        },
      }),
  );
}

export async function createStoryEditor(options: EditorOptions): Promise<{ editor: Editor; view: EditorView }> {
  const editor = await Editor.make()
    .config((ctx) => {
      ctx.set(rootCtx, options.root);
      ctx.set(defaultValueCtx, { type: 'html', dom: storyDom(options.html) });
      ctx.update(editorViewOptionsCtx, (prev) => ({
        ...prev,
        attributes: {
          id: options.id,
          class: 'story-text story-editor-text',
          'aria-multiline': 'true',
          'aria-labelledby': options.labelledBy,
          ...(options.describedBy ? { 'aria-describedby': options.describedBy } : {}),
          spellcheck: 'true',
          // Already in the tab order as a contenteditable; said explicitly so that tools that read tabIndex (-1 in
          // Chromium without the attribute) see that the scrolling frame around it is reachable by keyboard.
          tabindex: '0',
        },
        // Word's and Google Docs' HTML without their styling noise, lists as lists (paste-cleanup.ts).
        transformPastedHTML: cleanPastedHtml,
        // Before every plugin's (Milkdown's clipboard included): files pasted or dropped become photos.
        handlePaste: (view, event) => {
          const files = [...(event.clipboardData?.files ?? [])];
          if (files.length === 0) return false;
          options.onPhotoFiles(files, view.state.selection.from);
          return true;
        },
        handleDrop: (view, event, _slice, moved) => {
          const files = [...(event.dataTransfer?.files ?? [])];
          if (moved || files.length === 0) return false;
          const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
          options.onPhotoFiles(files, at ? at.pos : view.state.selection.from);
          return true;
        },
      }));
    })
    .use(commonmark.filter((plugin) => !presetBlockRules.includes(plugin) && plugin !== headingKeymap.shortcuts))
    .use(blockInputRules)
    .use(headingKeys)
    .use(gfm)
    .use([underline, subscript, superscript].flat())
    .use([photoCaptionSchema, photoSchema].flat())
    .use($view(photoSchema.node, () => (node, view, getPos) => new PhotoView(node, view, getPos, options.onDescribePhoto, options.intl)))
    .use([photoPlaceholders, photoKeys, photoClicks, foreignImageGuard(options.onForeignImagesDropped)].map((p) => $prose(() => p)))
    .use(history)
    .use(clipboard)
    .use(keepCaretOnFocus)
    .use(textDirection)
    .use(watcher(options))
    .create();
  const view = editor.action((ctx) => ctx.get(editorViewCtx));
  // A selection only: nothing to undo and nothing to save.
  view.dispatch(view.state.tr.setSelection(endOfText(view.state.doc)));
  return { editor, view };
}
