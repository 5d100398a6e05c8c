import { AppError } from '../../contract/errors';

/**
 * Where uploaded images wait for their re-encode and sizes (docs/decisions/0016-photos.md, "Off the event loop,
 * bounded"). Memory follows pixels: a 40 MP image takes ~270 MB while it is worked on, a 12 MP photo ~80 MB. So at
 * most `jobs` images are worked on at once, and at most `pixels` pixels among them: two 40 MP images never run
 * together, while a small picture still runs next to one (issue #23: a 136-byte upload waited 40 s behind big ones).
 * Waiting images take turns by person (the one served longest ago first), a smaller one that fits may go ahead of a
 * bigger one that does not, until the bigger one has waited `patienceMs`. Past `waiting` images in line the answer
 * is 503 with Retry-After; each person has at most `perPerson` uploads under way, from before their body is read.
 */
export interface ImageQueueOptions {
  jobs: number;
  pixels: number;
  waiting: number;
  perPerson: number;
  patienceMs: number;
}

export const IMAGE_QUEUE_DEFAULTS: Readonly<ImageQueueOptions> = Object.freeze({
  jobs: 2,
  pixels: 48_000_000,
  waiting: 8,
  perPerson: 2,
  patienceMs: 20_000,
});

/**
 * Bodies larger than this (or of unknown length) take a place in line before they are read, and are refused when
 * there is none: forty 10 MB bodies read at once, only for most of them to be refused, held the server's CPU for
 * 15 s. A smaller one is read without a place, since a small picture may still start beside the big images.
 */
export const SMALL_BODY_BYTES = 1024 * 1024;

/** Seconds a refused upload is told to wait: about one image's work. */
export const BUSY_RETRY_AFTER_SEC = 10;

export const QUEUE_MESSAGES = {
  busy: 'Many images are being processed right now. Please try again in a few seconds.',
  perPerson: (n: number) => `You are already sending ${n} images. Please wait for them to finish, then try again.`,
} as const;

const busy = () => new AppError('UNAVAILABLE', QUEUE_MESSAGES.busy, undefined, BUSY_RETRY_AFTER_SEC);

interface Waiting {
  owner: string;
  pixels: number;
  since: number;
  start(): void;
}

export class ImageQueue {
  private readonly o: ImageQueueOptions;
  private running = 0;
  /** Places taken by bodies still arriving (reservePlace). */
  private arriving = 0;
  private runningPixels = 0;
  private readonly line: Waiting[] = [];
  private readonly underWay = new Map<string, number>();
  /** When each person's last image started, for taking turns. */
  private readonly lastServed = new Map<string, number>();
  private served = 0;

  constructor(options: Partial<ImageQueueOptions> = {}) {
    this.o = { ...IMAGE_QUEUE_DEFAULTS, ...options };
  }

  /**
   * Counts one upload of `owner` as under way, before its body is read; the returned function ends it (call it once
   * the answer is given). A person past `perPerson` is refused with a 429.
   */
  enter(owner: string): () => void {
    const n = this.underWay.get(owner) ?? 0;
    if (n >= this.o.perPerson) {
      throw new AppError('RATE_LIMITED', QUEUE_MESSAGES.perPerson(n), undefined, BUSY_RETRY_AFTER_SEC);
    }
    this.underWay.set(owner, n + 1);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const left = (this.underWay.get(owner) ?? 1) - 1;
      if (left > 0) this.underWay.set(owner, left);
      else this.underWay.delete(owner);
    };
  }

  /**
   * Takes a place in line for an upload whose body is about to be read, unless it is small (SMALL_BODY_BYTES): the
   * images waiting and the bodies arriving together fill at most `waiting` places, past which the answer is a 503
   * before the body is read. The returned function gives the place back (call it when the image joins the line, or
   * when the upload ends before; calling it again does nothing).
   */
  reservePlace(declaredBytes: number | undefined): () => void {
    const small = declaredBytes !== undefined && declaredBytes <= SMALL_BODY_BYTES;
    if (small) return () => undefined;
    if (this.line.length + this.arriving >= this.o.waiting) throw busy();
    this.arriving++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.arriving--;
    };
  }

  /** Runs `job` for an image of `pixels` pixels when its turn comes, or refuses with a 503 when the line is full. */
  async run<T>(owner: string, pixels: number, job: () => Promise<T>): Promise<T> {
    const weight = Math.min(Math.max(1, pixels), this.o.pixels);
    if (this.line.length + this.arriving >= this.o.waiting && !this.startsNow(weight)) throw busy();
    await new Promise<void>((start) => {
      this.line.push({ owner, pixels: weight, since: Date.now(), start });
      this.next();
    });
    try {
      return await job();
    } finally {
      this.running--;
      this.runningPixels -= weight;
      this.next();
    }
  }

  /** Images worked on and waiting now (for tests and the bench). */
  get load(): { running: number; waiting: number; arriving: number } {
    return { running: this.running, waiting: this.line.length, arriving: this.arriving };
  }

  private fits(pixels: number): boolean {
    return this.running < this.o.jobs && this.runningPixels + pixels <= this.o.pixels;
  }

  /** Whether an image of this weight would start at once (a free slot, and no one in line it may not pass). */
  private startsNow(pixels: number): boolean {
    return this.fits(pixels) && !this.headIsOwed();
  }

  /** The longest-waiting image has waited its patience: nothing goes ahead of it any more. */
  private headIsOwed(): boolean {
    const head = this.line[0];
    return head !== undefined && Date.now() - head.since >= this.o.patienceMs;
  }

  private next(): void {
    while (this.line.length > 0) {
      const i = this.pick();
      if (i < 0) return;
      const [w] = this.line.splice(i, 1);
      this.running++;
      this.runningPixels += w!.pixels;
      this.lastServed.set(w!.owner, ++this.served);
      if (this.lastServed.size > 10_000) this.lastServed.clear(); // turns are about the people waiting now
      w!.start();
    }
  }

  /** The waiting image to start now, or -1: the one that fits whose person was served longest ago. */
  private pick(): number {
    if (this.headIsOwed()) return this.fits(this.line[0]!.pixels) ? 0 : -1;
    let best = -1;
    let bestTurn = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.line.length; i++) {
      const w = this.line[i]!;
      if (!this.fits(w.pixels)) continue;
      const turn = this.lastServed.get(w.owner) ?? 0;
      if (turn < bestTurn) {
        best = i;
        bestTurn = turn;
      }
    }
    return best;
  }
}

/** The process's one line of image work (sharp runs on libuv's four threads, shared by every request). */
export const imageQueue = new ImageQueue();
