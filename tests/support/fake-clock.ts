import type { Clock } from '../../server/src/ports/clock';

/** A clock tests move by hand, to cross window edges and expiry times. */
export class FakeClock implements Clock {
  constructor(public t = Date.UTC(2026, 5, 15, 12, 0, 0)) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export const DAY = 24 * 60 * 60 * 1000;
