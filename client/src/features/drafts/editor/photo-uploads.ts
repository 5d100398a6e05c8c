// Photos on their way into the story: each chosen, dropped or pasted file gets a placeholder where it will land,
// uploads one at a time (progress on the placeholder and, in steps, for screen readers), and becomes a photo in
// the text when the server has it. A refusal stays on its placeholder with the server's sentence, Retry and
// Remove. The writer types on meanwhile: placeholders move with the text (photo-plugin.ts).
import type { EditorView } from '@milkdown/kit/prose/view';
import type { IntlShape } from 'react-intl';
import { englishIntl } from '../../../lib/english-intl';
import { errorMessage } from '../../../lib/errors';
import { translateServerText } from '../../../lib/server-messages';
import { addPlaceholder, placeholderAt, placeholderPos, removePlaceholder } from './photo-plugin';
import { caretBelow, photoPlace, photoSpot } from './photo-place';
import { countPhotos, MAX_PHOTOS_PER_STORY, PHOTO, PHOTO_CAPTION } from './photo-schema';
import { type UploadedPhoto, uploadPhoto } from './photo-upload';

export type Upload = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal, intl?: IntlShape) => Promise<UploadedPhoto>;

// Each sentence formats with the interface's IntlShape (inline, so that react-intl types its values).
type Named = { name: string };
const said = {
  tooMany: (intl: IntlShape, v: { max: number; held: number; room: number }) =>
    intl.formatMessage(
      {
        id: 'photo.limit',
        defaultMessage:
          'A story can hold at most {max} photos. This one has {held}, so {room, plural, =0 {no more can be added} other {only # more can be added}}.',
      },
      v,
    ),
  notPhotos: (intl: IntlShape, v: { names: string; count: number }) =>
    intl.formatMessage(
      {
        id: 'photo.notPhotos',
        defaultMessage: '{names} {count, plural, one {is not a photo} other {are not photos}}. Please choose JPEG, PNG or HEIC photos.',
      },
      v,
    ),
  quoted: (intl: IntlShape, v: Named) => intl.formatMessage({ id: 'photo.quotedName', defaultMessage: '“{name}”' }, v),
  uploadingOne: (intl: IntlShape, v: Named) => intl.formatMessage({ id: 'photo.uploadingOne', defaultMessage: 'Uploading {name}.' }, v),
  uploadingMany: (intl: IntlShape, v: { count: number }) =>
    intl.formatMessage({ id: 'photo.uploadingMany', defaultMessage: 'Uploading {count} photos.' }, v),
  theName: (intl: IntlShape) => intl.formatMessage({ id: 'photo.theName', defaultMessage: 'the photo' }),
  TheName: (intl: IntlShape) => intl.formatMessage({ id: 'photo.theNameStart', defaultMessage: 'The photo' }),
  aName: (intl: IntlShape) => intl.formatMessage({ id: 'photo.name', defaultMessage: 'Photo' }),
  removed: (intl: IntlShape, v: Named) => intl.formatMessage({ id: 'photo.removed', defaultMessage: '{name} removed.' }, v),
  progress: (intl: IntlShape, v: Named & { percent: number }) =>
    intl.formatMessage({ id: 'photo.progress', defaultMessage: '{name}: {percent}% uploaded.' }, v),
  failed: (intl: IntlShape, v: Named & { reason: string }) =>
    intl.formatMessage({ id: 'photo.failed', defaultMessage: '{name} could not be added: {reason}' }, v),
  placeDeleted: (intl: IntlShape, v: Named) =>
    intl.formatMessage({ id: 'photo.placeDeleted', defaultMessage: '{name} was uploaded, but its place in the text was deleted.' }, v),
  added: (intl: IntlShape, v: Named) => intl.formatMessage({ id: 'photo.added', defaultMessage: '{name} added to your story.' }, v),
  uploadingLabel: (intl: IntlShape, v: Named) => intl.formatMessage({ id: 'photo.uploadingLabel', defaultMessage: 'Uploading {name}' }, v),
  retry: (intl: IntlShape) => intl.formatMessage({ id: 'photo.retry', defaultMessage: 'Retry' }),
  retryLabel: (intl: IntlShape, v: Named) => intl.formatMessage({ id: 'photo.retryLabel', defaultMessage: 'Retry {name}' }, v),
  remove: (intl: IntlShape) => intl.formatMessage({ id: 'photo.remove', defaultMessage: 'Remove' }),
  removeLabel: (intl: IntlShape, v: Named) => intl.formatMessage({ id: 'photo.removeLabel', defaultMessage: 'Remove {name}' }, v),
  waiting: (intl: IntlShape) => intl.formatMessage({ id: 'photo.waiting', defaultMessage: 'Waiting to upload…' }),
  preparing: (intl: IntlShape) => intl.formatMessage({ id: 'photo.preparing', defaultMessage: 'Preparing the photo…' }),
  uploading: (intl: IntlShape, v: { percent: number }) =>
    intl.formatMessage({ id: 'photo.uploading', defaultMessage: 'Uploading… {percent}%' }, v),
  notAdded: (intl: IntlShape, v: { reason: string | null }) =>
    intl.formatMessage({ id: 'photo.notAdded', defaultMessage: 'Not added: {reason}' }, { reason: v.reason ?? '' }),
  done: (intl: IntlShape) => intl.formatMessage({ id: 'photo.done', defaultMessage: 'Added.' }),
};

export interface PhotoJob {
  id: string;
  file: File;
  /** The description given in the dialog; null until then (the photo then goes in with alt=""). */
  alt: string | null;
  state: 'waiting' | 'uploading' | 'failed' | 'done';
  progress: number;
  error: string | null;
  /** The stored photo's address once uploaded. */
  src: string | null;
}

interface Callbacks {
  /** A sentence for screen readers (a polite live region). */
  announce: (text: string) => void;
  /** A sentence shown above the text (a refused file, the photo limit); null clears it. */
  notice: (text: string | null) => void;
  /** The number of unfinished photos changed. */
  changed?: () => void;
  /** The interface's language for these sentences and the placeholders' words; English when not given. */
  intl?: IntlShape;
}

/** Files a person may mean as photos: any image type (the server says which it can read), and HEIC by name. */
export function isPhotoFile(file: File): boolean {
  return file.type.startsWith('image/') || /\.(heic|heif)$/i.test(file.name);
}

export function photoFiles(list: FileList | readonly File[] | null | undefined): File[] {
  return list ? Array.from(list) : [];
}

let nextId = 0;

export class PhotoUploads {
  private readonly jobs = new Map<
    string,
    PhotoJob & { element: HTMLElement; controller: AbortController | null; preview: string | null }
  >();
  /** Photos already in the text, by job: a description given after the upload finished still finds its photo. */
  private readonly landed = new Map<string, string>();
  private running = false;
  private destroyed = false;
  private readonly intl: IntlShape;

  constructor(
    private readonly view: EditorView,
    private readonly callbacks: Callbacks,
    private readonly upload: Upload = uploadPhoto,
  ) {
    this.intl = callbacks.intl ?? englishIntl;
  }

  /** A file's own name, else "Photo" (`start`: "The photo", `inline`: "the photo"). */
  private nameOf(file: File, kind: 'plain' | 'start' | 'inline' = 'plain'): string {
    if (file.name) return file.name;
    return (kind === 'start' ? said.TheName : kind === 'inline' ? said.theName : said.aName)(this.intl);
  }

  /** Photos not yet in the text (waiting, uploading, or refused and waiting for Retry or Remove). */
  unfinished(): number {
    return [...this.jobs.values()].filter((j) => j.state !== 'done').length;
  }

  job(id: string): PhotoJob | undefined {
    return this.jobs.get(id);
  }

  /**
   * Starts the files as photos at `pos` (placeholders there, in order). Files that are not images, and any
   * beyond the story's photo limit, are refused with a notice. Returns the jobs started.
   */
  add(files: readonly File[], pos: number): PhotoJob[] {
    const images = files.filter(isPhotoFile);
    const refused = files.filter((f) => !isPhotoFile(f));
    const held = countPhotos(this.view.state.doc) + this.unfinished();
    const room = Math.max(0, MAX_PHOTOS_PER_STORY - held);
    const taken = images.slice(0, room);
    if (images.length > room) {
      this.callbacks.notice(said.tooMany(this.intl, { max: MAX_PHOTOS_PER_STORY, held, room }));
    } else if (refused.length > 0) {
      const names = refused.map((f) => said.quoted(this.intl, { name: f.name })).join(', ');
      this.callbacks.notice(said.notPhotos(this.intl, { names, count: refused.length }));
    } else this.callbacks.notice(null);
    if (taken.length === 0) return [];

    const { state } = this.view;
    // Right below the line the position is in goes above photos still uploading there, as it goes above photos
    // already in: where a photo goes, and the caret with it, never depends on whether another one has landed yet.
    const { place, afterBlock } = photoSpot(state.doc, pos, state.schema.nodes[PHOTO]!);
    const tr = state.tr;
    // The caret goes below the photos' place now (a new line if need be, always one between them and photos still
    // uploading below them), so that the writer goes on writing after them, and the placeholders (and then the
    // photos) stay above it, in order.
    caretBelow(tr, place, afterBlock && placeholderAt(state, place));
    const started: PhotoJob[] = [];
    for (const file of taken) {
      const id = `photo-${++nextId}`;
      const job = {
        id,
        file,
        alt: null,
        state: 'waiting' as const,
        progress: 0,
        error: null,
        src: null,
        element: this.view.dom.ownerDocument.createElement('div'),
        controller: null,
        preview: null,
      };
      this.jobs.set(id, job);
      this.draw(job);
      addPlaceholder(tr, id, place, job.element, afterBlock);
      started.push(job);
    }
    this.view.dispatch(tr);
    this.callbacks.announce(
      taken.length === 1
        ? said.uploadingOne(this.intl, { name: this.nameOf(taken[0]!, 'inline') })
        : said.uploadingMany(this.intl, { count: taken.length }),
    );
    this.callbacks.changed?.();
    void this.pump();
    return started;
  }

  /** The description for a photo (from the dialog): kept for one still uploading, written on one already in. */
  describe(id: string, alt: string): void {
    const job = this.jobs.get(id);
    if (job) job.alt = alt;
    const src = job?.src ?? this.landed.get(id);
    if (src) setPhotoAlt(this.view, src, alt);
  }

  retry(id: string): void {
    const job = this.jobs.get(id);
    if (job?.state !== 'failed') return;
    job.state = 'waiting';
    job.error = null;
    job.progress = 0;
    this.draw(job);
    this.callbacks.changed?.();
    void this.pump();
  }

  remove(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    job.controller?.abort();
    this.forget(id);
    if (placeholderPos(this.view.state, id) !== null) this.view.dispatch(removePlaceholder(this.view.state.tr, id));
    this.callbacks.announce(said.removed(this.intl, { name: this.nameOf(job.file, 'start') }));
    this.view.focus();
  }

  destroy(): void {
    this.destroyed = true;
    for (const job of this.jobs.values()) job.controller?.abort();
    for (const id of [...this.jobs.keys()]) this.forget(id);
  }

  private forget(id: string): void {
    const job = this.jobs.get(id);
    if (job?.preview) URL.revokeObjectURL(job.preview);
    this.jobs.delete(id);
    this.callbacks.changed?.();
  }

  /** Uploads waiting photos one at a time, in the order they were added. */
  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.nextWaiting(); job && !this.destroyed; job = this.nextWaiting()) await this.send(job);
    } finally {
      this.running = false;
    }
  }

  private nextWaiting() {
    return [...this.jobs.values()].find((j) => j.state === 'waiting');
  }

  private async send(job: PhotoJob & { element: HTMLElement; controller: AbortController | null }): Promise<void> {
    job.state = 'uploading';
    job.controller = new AbortController();
    this.draw(job);
    let spoken = 0;
    try {
      const stored = await this.upload(
        job.file,
        (fraction) => {
          job.progress = fraction;
          this.draw(job);
          const step = Math.floor(fraction * 4) * 25;
          if (step > spoken && step < 100) {
            spoken = step;
            this.callbacks.announce(said.progress(this.intl, { name: this.nameOf(job.file), percent: step }));
          }
        },
        job.controller.signal,
        this.intl,
      );
      if (!this.jobs.has(job.id)) return;
      job.state = 'done';
      job.src = `/media/${stored.name}`;
      this.land(job, stored);
    } catch (error) {
      if (!this.jobs.has(job.id) || this.destroyed) return;
      job.state = 'failed';
      job.error = translateServerText(this.intl, errorMessage(error));
      this.draw(job);
      this.callbacks.announce(said.failed(this.intl, { name: this.nameOf(job.file, 'start'), reason: job.error }));
      this.callbacks.changed?.();
    } finally {
      job.controller = null;
    }
  }

  /** The uploaded photo goes where its placeholder is now (nowhere, if the writer deleted that part of the text). */
  private land(job: PhotoJob, stored: UploadedPhoto): void {
    const { state } = this.view;
    const pos = placeholderPos(state, job.id);
    const tr = removePlaceholder(state.tr, job.id);
    if (pos !== null) {
      const { nodes } = state.schema;
      const photo = nodes[PHOTO]!.create(
        { src: job.src, alt: job.alt ?? '', width: stored.width, height: stored.height },
        nodes[PHOTO_CAPTION]!.create(),
      );
      const place = photoPlace(state.doc, pos, nodes[PHOTO]!);
      tr.insert(place, photo);
      // A photo at the very end gets a paragraph after it, so there is somewhere to go on writing.
      const $after = tr.doc.resolve(place + photo.nodeSize);
      if ($after.depth === 0 && $after.index() === tr.doc.childCount) tr.insert(place + photo.nodeSize, nodes.paragraph!.create());
    }
    this.view.dispatch(tr);
    if (pos !== null) this.landed.set(job.id, job.src!);
    this.forget(job.id);
    this.callbacks.announce((pos === null ? said.placeDeleted : said.added)(this.intl, { name: this.nameOf(job.file, 'start') }));
  }

  /** The placeholder's contents for the job's state (plain DOM: it lives inside the editor, outside React). */
  private draw(job: PhotoJob & { element: HTMLElement; preview?: string | null }): void {
    const el = job.element;
    const doc = el.ownerDocument;
    const name = this.nameOf(job.file);
    const { intl } = this;
    el.className = `photo-upload ${job.state}`;
    el.contentEditable = 'false';
    if (!el.firstChild) {
      const thumb = doc.createElement('img');
      thumb.className = 'photo-upload-thumb';
      thumb.alt = '';
      thumb.addEventListener('error', () => thumb.remove(), { once: true });
      try {
        job.preview = URL.createObjectURL(job.file);
        thumb.src = job.preview;
      } catch {
        // No preview (an environment without object URLs): the name and progress say enough.
      }
      const body = doc.createElement('div');
      body.className = 'photo-upload-body';
      const title = doc.createElement('p');
      title.className = 'photo-upload-name';
      title.textContent = name;
      const progress = doc.createElement('progress');
      progress.max = 100;
      progress.setAttribute('aria-label', said.uploadingLabel(intl, { name }));
      const status = doc.createElement('p');
      status.className = 'photo-upload-status';
      const actions = doc.createElement('div');
      actions.className = 'photo-upload-actions';
      const retry = doc.createElement('button');
      retry.type = 'button';
      retry.className = 'button secondary small';
      retry.textContent = said.retry(intl);
      retry.setAttribute('aria-label', said.retryLabel(intl, { name }));
      retry.addEventListener('click', () => this.retry(job.id));
      const remove = doc.createElement('button');
      remove.type = 'button';
      remove.className = 'button secondary small';
      remove.textContent = said.remove(intl);
      remove.setAttribute('aria-label', said.removeLabel(intl, { name }));
      remove.addEventListener('click', () => this.remove(job.id));
      actions.append(retry, remove);
      body.append(title, progress, status, actions);
      el.append(thumb, body);
    }
    const progress = el.querySelector('progress')!;
    const status = el.querySelector<HTMLElement>('.photo-upload-status')!;
    const actions = el.querySelector<HTMLElement>('.photo-upload-actions')!;
    const percent = Math.round(job.progress * 100);
    progress.value = percent;
    progress.hidden = job.state === 'failed';
    actions.hidden = job.state !== 'failed';
    status.textContent =
      job.state === 'waiting'
        ? said.waiting(intl)
        : job.state === 'uploading'
          ? percent >= 100
            ? said.preparing(intl)
            : said.uploading(intl, { percent })
          : job.state === 'failed'
            ? said.notAdded(intl, { reason: job.error })
            : said.done(intl);
  }
}

/** Writes a description on the photo with this address (a stored photo's name is unique, so there is one). */
export function setPhotoAlt(view: EditorView, src: string, alt: string): void {
  const { state } = view;
  let found: number | null = null;
  state.doc.descendants((node, pos) => {
    if (found !== null) return false;
    if (node.type.name === PHOTO && node.attrs.src === src) found = pos;
    return node.isBlock;
  });
  if (found !== null) view.dispatch(state.tr.setNodeAttribute(found, 'alt', alt));
}
