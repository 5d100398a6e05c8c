// The reader's text size (issue #26, point 7): a step kept on this device and set on <html> as --reading-scale,
// which story.css multiplies the story text by. A server-rendered page applies it in its head before the first paint
// (#contract/reading-size); main.tsx applies it for the app shell's screens, before the app renders.
import { READING_SIZE_KEY as KEY, READING_SIZE_STEPS } from '#contract/reading-size';

export const TEXT_SIZE_STEPS = READING_SIZE_STEPS;

export function storedTextSize(): number {
  try {
    const n = Number(localStorage.getItem(KEY));
    return Number.isInteger(n) && n > 0 && n < TEXT_SIZE_STEPS.length ? n : 0;
  } catch {
    return 0; // storage refused (private mode): the default size
  }
}

export function applyTextSize(step: number): void {
  document.documentElement.style.setProperty('--reading-scale', String(TEXT_SIZE_STEPS[step] ?? 1));
}

export function keepTextSize(step: number): void {
  applyTextSize(step);
  try {
    if (step === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, String(step));
  } catch {
    // Not kept: the size still applies on this page.
  }
}
