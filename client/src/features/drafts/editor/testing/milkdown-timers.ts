// Each Milkdown editor starts readiness timers (@milkdown/ctx Timer) whose 3 s setTimeout is never cleared and then
// calls the window's removeEventListener. A test file that makes editors under happy-dom lets them fire while
// happy-dom is still there: after its teardown they throw "removeEventListener is not defined", an unhandled error
// that fails the whole run when the worker outlives the file.
import { afterAll } from 'vitest';

export function letMilkdownTimersFire(): void {
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 3_100)));
}
