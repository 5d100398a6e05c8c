// The app's start on a server-rendered page's first touch, and the presses made before it (lib/start-on-first-touch.ts,
// lib/early-presses.ts). The browser's own behaviour (focus, the observer's margin) is in tests/e2e/lazy-app.e2e.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Modules = typeof import('./start-on-first-touch') & typeof import('./early-presses');

async function fresh(): Promise<Modules> {
  vi.resetModules();
  return { ...(await import('./early-presses')), ...(await import('./start-on-first-touch')) };
}

let observed: Element[] = [];
let intersect: (() => void) | undefined;

beforeEach(() => {
  observed = [];
  intersect = undefined;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        intersect = () => callback([{ isIntersecting: true }]);
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {
        intersect = undefined;
      }
    },
  );
  document.body.innerHTML = `
    <a href="/elsewhere" id="link">A link</a>
    <p id="text">Text</p>
    <button type="button" id="next">Next Page</button>
    <form><button id="send">Send</button></form>
    <select id="pages"><option value="1">1</option><option value="2">2</option></select>
    <img id="photo" data-full="/media/a.jpg" alt="A photo">`;
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

describe('the app on a server-rendered page', () => {
  it('does not start on a press of text, a plain link or a form’s button, nor on a pointer going down', async () => {
    const m = await fresh();
    const start = vi.fn();
    m.startOnFirstTouch(start);
    byId('link').addEventListener('click', (e) => e.preventDefault());
    byId('link').click();
    byId('text').click();
    byId('send')
      .closest('form')!
      .addEventListener('submit', (e) => e.preventDefault());
    byId('send').click();
    byId('next').dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    window.dispatchEvent(new Event('scroll'));
    expect(start).not.toHaveBeenCalled();
  });

  it('starts once, on the first press of a button, a key or a change of a selector', async () => {
    for (const touch of [
      () => byId('next').click(),
      () => byId('photo').click(),
      () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', bubbles: true })),
      () => byId('pages').dispatchEvent(new Event('change', { bubbles: true })),
    ]) {
      const m = await fresh();
      const start = vi.fn();
      m.startOnFirstTouch(start);
      touch();
      byId('next').click();
      expect(start).toHaveBeenCalledTimes(1);
    }
  });

  it('starts when an element marked to need the app comes near, and watches nothing on a page without one', async () => {
    let m = await fresh();
    const start = vi.fn();
    m.startOnFirstTouch(start);
    expect(observed).toEqual([]);
    const comments = document.createElement('section');
    comments.setAttribute(m.APP_WHEN_NEAR, '');
    document.body.append(comments);
    m = await fresh();
    m.startOnFirstTouch(start);
    expect(observed).toEqual([comments]);
    intersect?.();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('does each early press once after hydration, shown pending until then', async () => {
    const m = await fresh();
    m.notePressesUntilHydration();
    const next = byId<HTMLButtonElement>('next');
    const select = byId<HTMLSelectElement>('pages');
    next.click();
    next.click(); // a second press while the app loads: nothing more
    select.value = '2';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    byId('photo').click();
    expect(next.getAttribute('aria-busy')).toBe('true');
    expect(select.getAttribute('aria-busy')).toBe('true');

    const presses = vi.fn();
    const changes = vi.fn();
    const photos = vi.fn();
    next.addEventListener('click', presses);
    select.addEventListener('change', (e) => changes((e.target as HTMLSelectElement).value));
    byId('photo').addEventListener('click', photos);
    m.replayEarlyPresses();
    // Pressed once React has hydrated the button (its props on the node).
    expect(presses).not.toHaveBeenCalled();
    Object.assign(next, { __reactProps$test: {} });
    await vi.waitFor(() => expect(presses).toHaveBeenCalledTimes(1));
    expect(next.hasAttribute('aria-busy')).toBe(false);
    // The photo and the selector wait for their own listeners (story-page-text.tsx, page-navigation.tsx); React
    // puts the selector's own value back as it hydrates it.
    expect(photos).not.toHaveBeenCalled();
    expect(changes).not.toHaveBeenCalled();
    select.value = '1';
    m.replayEarlyPressesWithin(document.body);
    expect(changes).toHaveBeenCalledWith('2');
    expect(changes).toHaveBeenCalledTimes(1);
    expect(select.value).toBe('2');
    expect(photos).toHaveBeenCalledTimes(1);
    m.replayEarlyPressesWithin(document.body);
    expect(photos).toHaveBeenCalledTimes(1);
    // After hydration nothing is noted any more (React answers presses itself).
    next.click();
    m.replayEarlyPresses();
    expect(presses).toHaveBeenCalledTimes(2);
  });
});
