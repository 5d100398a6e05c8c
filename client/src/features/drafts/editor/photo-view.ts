// How a photo looks while writing: the picture, a line about its description (a gentle reminder when there is
// none, with a button to write it), and the caption, edited in place under the picture. The stored HTML comes from
// the schema's toDOM (photo-schema.ts), never from this view.
import type { Node as ProseNode } from '@milkdown/kit/prose/model';
import type { EditorView, NodeView } from '@milkdown/kit/prose/view';
import type { IntlShape } from 'react-intl';
import { englishIntl } from '../../../lib/english-intl';
import { imgAttributes } from './photo-schema';

export class PhotoView implements NodeView {
  readonly dom: HTMLElement;
  readonly contentDOM: HTMLElement;
  private readonly img: HTMLImageElement;
  private readonly noteText: HTMLElement;
  private readonly noteButton: HTMLButtonElement;
  private node: ProseNode;

  constructor(
    node: ProseNode,
    view: EditorView,
    private readonly getPos: () => number | undefined,
    onDescribe: (pos: number) => void,
    private readonly intl: IntlShape = englishIntl,
  ) {
    this.node = node;
    const doc = view.dom.ownerDocument;
    this.dom = doc.createElement('figure');
    this.dom.className = 'editor-photo';

    const frame = doc.createElement('div');
    frame.className = 'editor-photo-frame';
    frame.contentEditable = 'false';
    this.img = doc.createElement('img');
    this.img.draggable = false;
    frame.append(this.img);

    const note = doc.createElement('p');
    note.className = 'editor-photo-note';
    this.noteText = doc.createElement('span');
    this.noteButton = doc.createElement('button');
    this.noteButton.type = 'button';
    this.noteButton.className = 'editor-photo-describe';
    this.noteButton.addEventListener('click', () => {
      const pos = this.getPos();
      if (pos !== undefined) onDescribe(pos);
    });
    note.append(this.noteText, ' ', this.noteButton);
    frame.append(note);

    this.contentDOM = doc.createElement('div');
    this.contentDOM.className = 'editor-photo-caption';
    this.dom.append(frame, this.contentDOM);
    this.render();
  }

  private render(): void {
    const attrs = imgAttributes(this.node);
    for (const name of ['src', 'alt', 'width', 'height']) {
      const value = attrs[name];
      if (value === undefined) this.img.removeAttribute(name);
      else if (this.img.getAttribute(name) !== value) this.img.setAttribute(name, value);
    }
    const alt = String(this.node.attrs.alt ?? '');
    this.dom.classList.toggle('no-description', alt === '');
    this.dom.classList.toggle('caption-empty', (this.node.firstChild?.content.size ?? 0) === 0);
    const { intl } = this;
    this.noteText.textContent = alt
      ? intl.formatMessage({ id: 'photo.description', defaultMessage: 'Description: {alt}' }, { alt })
      : intl.formatMessage({ id: 'photo.noDescription', defaultMessage: 'No description yet for people who cannot see this photo.' });
    this.noteButton.textContent = alt
      ? intl.formatMessage({ id: 'photo.changeDescription', defaultMessage: 'Change description' })
      : intl.formatMessage({ id: 'photo.describe', defaultMessage: 'Describe photo' });
  }

  update(node: ProseNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    return true;
  }

  selectNode(): void {
    this.dom.classList.add('ProseMirror-selectednode');
  }

  deselectNode(): void {
    this.dom.classList.remove('ProseMirror-selectednode');
  }

  /** The description button is ours; the editor leaves its events alone. */
  stopEvent(event: Event): boolean {
    return event.target instanceof Node && this.noteButton.contains(event.target);
  }

  /** Only the caption's text is the editor's business. */
  ignoreMutation(mutation: MutationRecord | { type: 'selection'; target: Node }): boolean {
    if (mutation.type === 'selection') return false;
    return !this.contentDOM.contains(mutation.target);
  }
}
