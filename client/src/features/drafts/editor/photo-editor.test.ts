// Photos in the real Milkdown editor (happy-dom): the stored figure shape in and out, pasted pictures from other
// sites left out, and uploads behind placeholders while the writer types on (photo-uploads.ts).
import { NodeSelection, TextSelection } from '@milkdown/kit/prose/state';
import type { EditorView } from '@milkdown/kit/prose/view';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHOTOS_PER_STORY_MAX } from '#contract/uploads';
import { UploadError } from '../../../lib/errors';
import { placeholderPos } from './photo-plugin';
import { MAX_PHOTOS_PER_STORY } from './photo-schema';
import type { UploadedPhoto } from './photo-upload';
import { PhotoUploads, type Upload } from './photo-uploads';
import { editorWith as storyEditor } from './testing/editor-with';
import { letMilkdownTimersFire } from './testing/milkdown-timers';
import { pressKey, typeText } from './testing/typing';

const name = (c: string) => `${c.repeat(32)}.jpg`;

async function editorWith(html: string) {
  const dropped: number[] = [];
  return { ...(await storyEditor(html, { onForeignImagesDropped: (n) => dropped.push(n) })), dropped };
}

/** An upload the test finishes by hand. */
function manualUploads() {
  const calls: { file: File; progress: (f: number) => void; resolve: (p: UploadedPhoto) => void; reject: (e: Error) => void }[] = [];
  const upload: Upload = (file, progress) =>
    new Promise((resolve, reject) => {
      calls.push({ file, progress, resolve, reject });
    });
  return { calls, upload };
}

const answer = (n: string, width = 1600, height = 1200): UploadedPhoto => ({
  name: n,
  width,
  height,
  bytes: 1000,
  used_bytes: 312_000_000,
  quota_bytes: 1_000_000_000,
});

const file = (n: string, type = 'image/jpeg') => new File([new Uint8Array([1, 2, 3])], n, { type });
const settle = () => new Promise((r) => setTimeout(r, 0));

/** The editor's lines as shown: "p: text", "figure: caption", "uploading" for a photo on its way. */
const shownLines = (view: EditorView) =>
  [...view.dom.children].map((c) =>
    c.classList.contains('photo-upload')
      ? 'uploading'
      : c.tagName === 'FIGURE'
        ? `figure: ${c.querySelector('figcaption')?.textContent ?? ''}`
        : `${c.tagName.toLowerCase()}: ${c.textContent}`,
  );

afterEach(() => {
  document.body.innerHTML = '';
});
letMilkdownTimersFire();

describe('photos in the editor', () => {
  it('loads and stores the agreed figure shape, caption marks included', async () => {
    const html = `<p>Before</p><figure><img src="/media/${name('a')}" alt="The harbour" width="1600" height="1200"><figcaption>Porto, <em>1962</em></figcaption></figure><p>After</p>`;
    const { stored } = await editorWith(html);
    expect(stored()).toBe(html);
  });

  it('stores a photo without a caption without a figcaption, and an older bare photo as a figure', async () => {
    const { stored } = await editorWith(
      `<figure><img src="/media/${name('b')}" alt=""></figure><p><img src="/media/${name('c')}"></p><p>Text <img src="/media/${name('d')}" alt="inline"> too</p>`,
    );
    expect(stored()).toBe(
      `<figure><img src="/media/${name('b')}" alt=""></figure><figure><img src="/media/${name('c')}" alt=""></figure><p>Text <img src="/media/${name('d')}" alt="inline"> too</p>`,
    );
  });

  it('reads a reader’s photo (a smaller size with data-full) as the stored photo', async () => {
    const { stored } = await editorWith(
      `<figure class="story-photo"><picture><source type="image/webp" srcset="/media/${'e'.repeat(32)}-480.webp 480w"><img src="/media/${'e'.repeat(32)}-960.jpg" width="1600" height="900" alt="Boats" loading="lazy" data-full="/media/${name('e')}"></picture><figcaption>Dawn</figcaption></figure>`,
    );
    expect(stored()).toBe(
      `<figure><img src="/media/${name('e')}" alt="Boats" width="1600" height="900"><figcaption>Dawn</figcaption></figure>`,
    );
  });

  it('leaves pictures from other sites out of pasted HTML, and says so', async () => {
    const { view, stored, dropped } = await editorWith('<p>Start</p>');
    view.pasteHTML(
      `<p>Look <img src="https://tracker.example/pixel.png" alt="x"> here</p><figure><img src="https://images.example.org/y.jpg" alt="y"><figcaption>Their caption</figcaption></figure><figure><img src="/media/${name('f')}" alt="ours"></figure>`,
    );
    const html = stored();
    expect(html).not.toMatch(/example/);
    expect(html).toContain('Look  here');
    expect(html).toContain('Their caption');
    expect(html).toContain(`<figure><img src="/media/${name('f')}" alt="ours"></figure>`);
    expect(dropped).toEqual([2]);
  });

  it('uploads one at a time behind placeholders while the writer types, in the order added', async () => {
    const { view, stored } = await editorWith('<p>One</p><p>Two</p>');
    const { calls, upload } = manualUploads();
    const announced: string[] = [];
    const photos = new PhotoUploads(view, { announce: (t) => announced.push(t), notice: () => undefined }, upload);
    // Cursor at the end of "One": the photos go after that paragraph, and the caret waits on a new line below them.
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 4)));
    const jobs = photos.add([file('first.jpg'), file('second.jpg')], 4);
    expect(jobs).toHaveLength(2);
    expect(view.state.selection.from).toBe(6);
    expect(view.state.doc.child(1).content.size).toBe(0);
    expect(view.dom.querySelectorAll('.photo-upload')).toHaveLength(2);
    await settle();
    expect(calls).toHaveLength(1);
    calls[0]!.progress(0.5);
    expect(view.dom.querySelector<HTMLProgressElement>('.photo-upload progress')?.value).toBe(50);
    expect(announced).toContain('first.jpg: 50% uploaded.');

    // Typing goes on meanwhile, before the placeholders.
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1)).insertText('Number '));
    expect(photos.unfinished()).toBe(2);

    calls[0]!.resolve(answer(name('1'), 1600, 1200));
    await settle();
    await settle();
    expect(calls).toHaveLength(2);
    calls[1]!.reject(new UploadError('This photo would take you past your 1 GB of space (987 MB used). Remove some photos first.', 413));
    await settle();
    const failed = view.dom.querySelector('.photo-upload.failed');
    expect(failed?.textContent).toContain('Not added: This photo would take you past your 1 GB of space');
    expect(failed?.querySelector<HTMLElement>('.photo-upload-actions')?.hidden).toBe(false);
    expect(photos.unfinished()).toBe(1);

    failed!.querySelector<HTMLButtonElement>('button')!.click(); // Retry
    await settle();
    expect(calls).toHaveLength(3);
    calls[2]!.resolve(answer(name('2'), 800, 600));
    await settle();
    await settle();
    expect(photos.unfinished()).toBe(0);
    expect(view.dom.querySelectorAll('.photo-upload')).toHaveLength(0);
    photos.describe(jobs[0]!.id, 'The first photo');
    expect(stored()).toBe(
      `<p>Number One</p><figure><img src="/media/${name('1')}" alt="The first photo" width="1600" height="1200"></figure><figure><img src="/media/${name('2')}" alt="" width="800" height="600"></figure><p></p><p>Two</p>`,
    );
  });

  it('puts the caret below a photo added by the button or dropped elsewhere, so that typing lands after it', async () => {
    const { view, stored } = await editorWith('<p>One</p><p>Two</p>');
    const { calls, upload } = manualUploads();
    const photos = new PhotoUploads(view, { announce: () => undefined, notice: () => undefined }, upload);
    // The button: the caret at the end of "One". The writer types on while the photo uploads.
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 4)));
    photos.add([file('button.jpg')], view.state.selection.from);
    typeText(view, 'Typed during the upload.');
    await settle();
    calls[0]!.resolve(answer(name('1')));
    await settle();
    await settle();
    // A drop after "Two" while the caret is in the middle of "One": the caret follows the photo.
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 2)));
    photos.add([file('dropped.jpg')], view.state.doc.content.size - 1);
    await settle();
    calls[1]!.resolve(answer(name('2')));
    await settle();
    await settle();
    typeText(view, 'Typed after the drop.');
    const img = (c: string) => `<figure><img src="/media/${name(c)}" alt="" width="1600" height="1200"></figure>`;
    expect(stored()).toBe(`<p>One</p>${img('1')}<p>Typed during the upload.</p><p>Two</p>${img('2')}<p>Typed after the drop.</p>`);
  });

  it('puts a photo dropped at the end of a line right below it, whether or not the button’s photo there has landed', async () => {
    // The e2e "typing right after adding a photo, by the button and by a drop" on a loaded machine: the button's
    // photo was still uploading when the drop came, and the dropped one went below it, the caret below both.
    const img = (c: string) => `<figure><img src="/media/${name(c)}" alt="" width="1600" height="1200"></figure>`;
    const expected = `<p>Before the photos.</p>${img('2')}<p>After the drop.</p><h2>The barn</h2>${img('1')}<p>After the button.</p>`;
    for (const buttonPhotoLandsFirst of [true, false]) {
      const { view, stored } = await editorWith('<p>Before the photos.</p>');
      const { calls, upload } = manualUploads();
      const photos = new PhotoUploads(view, { announce: () => undefined, notice: () => undefined }, upload);
      const endOfFirstLine = view.state.doc.firstChild!.nodeSize - 1;
      photos.add([file('farm.jpg')], view.state.selection.from);
      typeText(view, 'After the button.');
      await settle();
      if (buttonPhotoLandsFirst) {
        calls[0]!.resolve(answer(name('1')));
        await settle();
        await settle();
      }
      // The drop at the end of the first line, the caret still at the end of "After the button.".
      photos.add([file('barn.jpg')], endOfFirstLine);
      typeText(view, 'After the drop.');
      // What the writer sees: the dropped photo right below the first line, then what was typed.
      expect(shownLines(view).slice(0, 3)).toEqual(['p: Before the photos.', 'uploading', 'p: After the drop.']);
      pressKey(view, 'Enter');
      if (!buttonPhotoLandsFirst) {
        // The button's photo lands while the dropped one is uploading and the caret is below the dropped one.
        calls[0]!.resolve(answer(name('1')));
        await settle();
        await settle();
      }
      typeText(view, '## The barn');
      await settle();
      calls[1]!.resolve(answer(name('2')));
      await settle();
      await settle();
      expect(stored(), buttonPhotoLandsFirst ? 'the button’s photo in first' : 'the button’s photo still uploading').toBe(expected);
      document.body.innerHTML = '';
    }
  });

  it('puts a photo below an empty line, and gives a photo at the very end a paragraph after it', async () => {
    const { view, stored } = await editorWith('<p>Text</p><p></p>');
    const { calls, upload } = manualUploads();
    const photos = new PhotoUploads(view, { announce: () => undefined, notice: () => undefined }, upload);
    photos.add([file('p.png', 'image/png')], view.state.doc.content.size - 1);
    await settle();
    calls[0]!.resolve(answer(name('3')));
    await settle();
    expect(stored()).toBe(`<p>Text</p><figure><img src="/media/${name('3')}" alt="" width="1600" height="1200"></figure><p></p>`);
    const { view: v2, stored: stored2 } = await editorWith('<p>Only</p>');
    const second = manualUploads();
    const p2 = new PhotoUploads(v2, { announce: () => undefined, notice: () => undefined }, second.upload);
    p2.add([file('q.jpg')], 5);
    await settle();
    second.calls[0]!.resolve(answer(name('4')));
    await settle();
    expect(stored2()).toBe(`<p>Only</p><figure><img src="/media/${name('4')}" alt="" width="1600" height="1200"></figure><p></p>`);
  });

  it('drops an upload whose place was deleted, and Remove ends one', async () => {
    const { view, stored } = await editorWith('<p>Keep</p><p>Gone</p><p>End</p>');
    const { calls, upload } = manualUploads();
    const announced: string[] = [];
    const photos = new PhotoUploads(view, { announce: (t) => announced.push(t), notice: () => undefined }, upload);
    const [job] = photos.add([file('lost.jpg')], 7); // start of "Gone": before it
    await settle();
    expect(placeholderPos(view.state, job!.id)).toBe(6);
    // The writer deletes "Keep" through "Gone" (the placeholder's place with them).
    view.dispatch(view.state.tr.delete(1, 12));
    expect(placeholderPos(view.state, job!.id)).toBeNull();
    calls[0]!.resolve(answer(name('5')));
    await settle();
    expect(stored()).not.toContain('figure');
    expect(announced.at(-1)).toMatch(/its place in the text was deleted/);

    const [other] = photos.add([file('remove-me.jpg')], 1);
    await settle();
    expect(calls).toHaveLength(2);
    photos.remove(other!.id);
    expect(view.dom.querySelectorAll('.photo-upload')).toHaveLength(0);
    expect(photos.unfinished()).toBe(0);
  });

  it('leaves a caption for a new paragraph with Enter, and selects the photo with Backspace at its start', async () => {
    const { view, stored } = await editorWith(
      `<figure><img src="/media/${name('6')}" alt="A"><figcaption>Porto</figcaption></figure><p>Next</p>`,
    );
    const press = (v: EditorView, key: string) => v.someProp('handleKeyDown', (f) => f(v, new KeyboardEvent('keydown', { key })));
    // In the caption, after "Porto" (photo at 0, caption at 1, text from 2).
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 7)));
    expect(press(view, 'Enter')).toBe(true);
    view.dispatch(view.state.tr.insertText('Below'));
    expect(stored()).toBe(`<figure><img src="/media/${name('6')}" alt="A"><figcaption>Porto</figcaption></figure><p>Below</p><p>Next</p>`);
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 2)));
    expect(press(view, 'Backspace')).toBe(true);
    expect(view.state.selection).toBeInstanceOf(NodeSelection);
    expect((view.state.selection as NodeSelection).node.type.name).toBe('photo');
  });

  it('refuses files that are not photos and photos past the 200 of a story', async () => {
    expect(MAX_PHOTOS_PER_STORY).toBe(PHOTOS_PER_STORY_MAX);
    const many = Array.from(
      { length: 199 },
      (_, i) => `<figure><img src="/media/${i.toString(16).padStart(32, '0')}.jpg" alt=""></figure>`,
    ).join('');
    const { view } = await editorWith(`${many}<p>x</p>`);
    const notices: (string | null)[] = [];
    const upload = vi.fn<Upload>(() => new Promise(() => undefined));
    const photos = new PhotoUploads(view, { announce: () => undefined, notice: (t) => notices.push(t) }, upload);
    expect(photos.add([file('notes.pdf', 'application/pdf')], 1)).toHaveLength(0);
    expect(notices.at(-1)).toBe('“notes.pdf” is not a photo. Please choose JPEG, PNG or HEIC photos.');
    expect(photos.add([file('a.jpg'), file('b.jpg'), file('c.heic', '')], 1)).toHaveLength(1);
    expect(notices.at(-1)).toBe('A story can hold at most 200 photos. This one has 199, so only 1 more can be added.');
    expect(photos.add([file('d.jpg')], 1)).toHaveLength(0);
    expect(notices.at(-1)).toBe('A story can hold at most 200 photos. This one has 200, so no more can be added.');
  });
});
