// The real story editor on a new element of the page (happy-dom), for the editor's tests: its view, and what it
// would store. The callbacks do nothing unless a test passes its own.
import { getHTML } from '@milkdown/kit/utils';
import { createStoryEditor, type EditorOptions } from '../create-editor';
import { toStoredHtml } from '../story-html';

export async function editorWith(html: string, options: Partial<EditorOptions> = {}) {
  const root = document.createElement('div');
  document.body.append(root);
  const made = await createStoryEditor({
    root,
    html,
    id: 't',
    labelledBy: 'l',
    placeholder: '',
    onState: () => undefined,
    onPhotoFiles: () => undefined,
    onDescribePhoto: () => undefined,
    onForeignImagesDropped: () => undefined,
    ...options,
  });
  return { ...made, stored: () => toStoredHtml(made.editor.action(getHTML())) };
}
