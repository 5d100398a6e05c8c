// A chapter from the question picker in the real Milkdown editor (happy-dom): an h2 with the question at the end,
// the caret on an empty line under it, typing lands there, one Undo takes it away (add-chapter.ts).
import { undoCommand } from '@milkdown/kit/plugin/history';
import { Selection } from '@milkdown/kit/prose/state';
import { callCommand } from '@milkdown/kit/utils';
import { afterEach, describe, expect, it } from 'vitest';
import { addChapterTransaction, chapterPosition } from './add-chapter';
import { placeholderPos } from './photo-plugin';
import type { UploadedPhoto } from './photo-upload';
import { PhotoUploads, type Upload } from './photo-uploads';
import { editorWith as storyEditor } from './testing/editor-with';
import { letMilkdownTimersFire } from './testing/milkdown-timers';
import { typeText } from './testing/typing';

async function editorWith(html: string) {
  const made = await storyEditor(html);
  const add = (title: string) => made.view.dispatch(addChapterTransaction(made.view.state, title)!);
  return { ...made, add };
}

letMilkdownTimersFire();
afterEach(() => {
  document.body.innerHTML = '';
});

const Q = 'Where were you born?';

describe('addChapterTransaction', () => {
  it('makes an empty story one chapter, the caret under its heading', async () => {
    const e = await editorWith('');
    e.add(Q);
    typeText(e.view, 'In Leeds.');
    expect(e.stored()).toBe(`<h2>${Q}</h2><p>In Leeds.</p>`);
  });

  it('adds the chapter after the last block, whatever the caret was, and leaves the text above alone', async () => {
    const e = await editorWith('<p>First line.</p><ul><li><p>a list</p></li></ul>');
    // The caret at the very start: the chapter still goes to the end.
    e.view.dispatch(e.view.state.tr.setSelection(Selection.atStart(e.view.state.doc)));
    e.add('  What was your   first job? ');
    typeText(e.view, 'Typing.');
    expect(e.stored()).toBe('<p>First line.</p><ul><li>a list</li></ul><h2>What was your first job?</h2><p>Typing.</p>');
  });

  it('takes an empty last line as the chapter, and one Undo takes the chapter away', async () => {
    const e = await editorWith('<p>Hello.</p><p></p>');
    const before = e.stored();
    e.add(Q);
    expect(e.stored()).toBe(`<p>Hello.</p><h2>${Q}</h2><p></p>`);
    e.editor.action(callCommand(undoCommand.key));
    expect(e.stored()).toBe(before);
  });

  it('keeps a photo still uploading at the end of the text before the chapter', async () => {
    const e = await editorWith('<p>Hello.</p>');
    let finish: (p: UploadedPhoto) => void = () => undefined;
    const upload: Upload = () => new Promise((resolve) => (finish = resolve));
    const photos = new PhotoUploads(e.view, { announce: () => undefined, notice: () => undefined }, upload);
    // The caret at the end of "Hello.": the photo waits after it, the caret on a new empty line below.
    const [job] = photos.add([new File([new Uint8Array([1])], 'boat.jpg', { type: 'image/jpeg' })], 7);
    e.add(Q);
    expect(placeholderPos(e.view.state, job!.id)).toBe(8);
    typeText(e.view, 'In Leeds.');
    await new Promise((r) => setTimeout(r, 0));
    finish({ name: `${'a'.repeat(32)}.jpg`, width: 1600, height: 1200, bytes: 1, used_bytes: 1, quota_bytes: 1e9 });
    for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
    expect(e.stored()).toMatch(new RegExp(`^<p>Hello\\.</p><figure>.*</figure><h2>${Q.replace('?', '\\?')}</h2><p>In Leeds\\.</p>$`));
    photos.destroy();
  });

  it('adds nothing for an empty title', async () => {
    const e = await editorWith('<p>Hello.</p>');
    expect(addChapterTransaction(e.view.state, '   ')).toBeNull();
  });
});

describe('chapterPosition', () => {
  it('finds the last chapter heading that reads as the title, whatever its spacing and case, and nothing else', async () => {
    const { view } = await editorWith(
      `<p>Before.</p><h2>${Q}</h2><p>One.</p><h3>${Q}</h3><blockquote><h2>Not this</h2></blockquote><h2>  where WERE you   born? </h2><p>Two.</p>`,
    );
    const at = chapterPosition(view.state.doc, Q);
    expect(at).not.toBeNull();
    const node = view.state.doc.nodeAt(at!);
    expect([node?.type.name, node?.attrs.level]).toEqual(['heading', 2]);
    expect(view.state.doc.resolve(at! + node!.nodeSize).nodeAfter?.textContent).toBe('Two.');
    expect(chapterPosition(view.state.doc, 'Not this')).toBeNull();
    expect(chapterPosition(view.state.doc, 'Nowhere')).toBeNull();
  });
});
