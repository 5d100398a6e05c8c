// Photos on their way into the story: each chosen, dropped or pasted file gets a placeholder where it will land,
// uploads one at a time (progress on the placeholder and, in steps, for screen readers), and becomes a photo in
// the text when the server has it. A refusal stays on its placeholder with the server's sentence, Retry and
// Remove. The writer types on meanwhile: placeholders move with the text (photo-plugin.ts).
import type { EditorView } from '@milkdown/kit/prose/view';
import { errorMessage } from '../../../lib/errors';
import { addPlaceholder, placeholderAt, placeholderPos, removePlaceholder } from './photo-plugin';
import { caretBelow, photoPlace, photoSpot } from './photo-place';
import { countPhotos, MAX_PHOTOS_PER_STORY, PHOTO, PHOTO_CAPTION } from './photo-schema';
import { type UploadedPhoto, uploadPhoto } from './photo-upload';

export type Upload = (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) => Promise<UploadedPhoto>;

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

  constructor(
    private readonly view: EditorView,
    private readonly callbacks: Callbacks,
    private readonly upload: Upload = uploadPhoto,
  ) {}

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
      this.callbacks.notice(
        `A story can hold at most ${MAX_PHOTOS_PER_STORY} photos. This one has ${held}, so ${
          room === 0 ? 'no more can be added' : `only ${room} more can be added`
        }.`,
      );
    } else if (refused.length > 0) {
      const names = refused.map((f) => `“${f.name}”`).join(', ');
      this.callbacks.notice(
        `${names} ${refused.length === 1 ? 'is not a photo' : 'are not photos'}. Please choose JPEG, PNG or HEIC photos.`,
      );
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
    this.callbacks.announce(taken.length === 1 ? `Uploading ${taken[0]!.name || 'the photo'}.` : `Uploading ${taken.length} photos.`);
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
    this.callbacks.announce(`${job.file.name || 'The photo'} removed.`);
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
            this.callbacks.announce(`${job.file.name || 'Photo'}: ${step}% uploaded.`);
          }
        },
        job.controller.signal,
      );
      if (!this.jobs.has(job.id)) return;
      job.state = 'done';
      job.src = `/media/${stored.name}`;
      this.land(job, stored);
    } catch (error) {
      if (!this.jobs.has(job.id) || this.destroyed) return;
      job.state = 'failed';
      job.error = errorMessage(error);
      this.draw(job);
      this.callbacks.announce(`${job.file.name || 'The photo'} could not be added: ${job.error}`);
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
    this.callbacks.announce(
      pos === null
        ? `${job.file.name || 'The photo'} was uploaded, but its place in the text was deleted.`
        : `${job.file.name || 'The photo'} added to your story.`,
    );
  }

  /** The placeholder's contents for the job's state (plain DOM: it lives inside the editor, outside React). */
  private draw(job: PhotoJob & { element: HTMLElement; preview?: string | null }): void {
    const el = job.element;
    const doc = el.ownerDocument;
    const name = job.file.name || 'Photo';
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
      progress.setAttribute('aria-label', `Uploading ${name}`);
      const status = doc.createElement('p');
      status.className = 'photo-upload-status';
      const actions = doc.createElement('div');
      actions.className = 'photo-upload-actions';
      const retry = doc.createElement('button');
      retry.type = 'button';
      retry.className = 'button secondary small';
      retry.textContent = 'Retry';
      retry.setAttribute('aria-label', `Retry ${name}`);
      retry.addEventListener('click', () => this.retry(job.id));
      const remove = doc.createElement('button');
      remove.type = 'button';
      remove.className = 'button secondary small';
      remove.textContent = 'Remove';
      remove.setAttribute('aria-label', `Remove ${name}`);
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
        ? 'Waiting to upload…'
        : job.state === 'uploading'
          ? percent >= 100
            ? 'Preparing the photo…'
            : `Uploading… ${percent}%`
          : job.state === 'failed'
            ? `Not added: ${job.error}`
            : 'Added.';
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
