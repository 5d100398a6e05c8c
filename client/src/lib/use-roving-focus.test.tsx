import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import '../testing/render-hook';
import { moveBy, useRovingFocus } from './use-roving-focus';

/** A toolbar of four buttons, the third disabled; or, with `selectable`, a tablist whose selection follows the keys. */
function Row({ selectable }: { selectable?: boolean }) {
  const [selected, setSelected] = useState(0);
  const disabled = selectable ? [] : [2];
  const roving = useRovingFocus({
    count: 4,
    isDisabled: (i) => disabled.includes(i),
    ...(selectable ? { current: selected, onMove: setSelected } : {}),
  });
  return (
    <div role="toolbar" onKeyDown={roving.onKeyDown}>
      {[0, 1, 2, 3].map((i) => (
        <button
          key={i}
          type="button"
          {...roving.itemProps(i)}
          disabled={disabled.includes(i)}
          aria-pressed={selected === i}
          onClick={() => roving.use(i)}
        >
          {i}
        </button>
      ))}
    </div>
  );
}

let root: Root | null = null;
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function mount(selectable = false) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => root!.render(<Row selectable={selectable} />));
  return [...container.querySelectorAll('button')];
}

const tabIndexes = (buttons: HTMLButtonElement[]) => buttons.map((b) => b.tabIndex);

async function press(key: string) {
  await act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

describe('moveBy', () => {
  it('wraps Left and Right, jumps with Home and End, and ignores other keys', () => {
    expect(moveBy('ArrowRight', 2, 3)).toBe(0);
    expect(moveBy('ArrowLeft', 0, 3)).toBe(2);
    expect(moveBy('Home', 2, 3)).toBe(0);
    expect(moveBy('End', 0, 3)).toBe(2);
    expect(moveBy('a', 1, 3)).toBeUndefined();
  });
});

describe('useRovingFocus', () => {
  it('gives one button the tab stop and moves it with the keys, skipping a disabled button', async () => {
    const buttons = await mount();
    expect(tabIndexes(buttons)).toEqual([0, -1, -1, -1]);
    buttons[0]!.focus();
    await press('ArrowRight');
    expect(document.activeElement).toBe(buttons[1]);
    await press('ArrowRight');
    expect(document.activeElement).toBe(buttons[3]);
    expect(tabIndexes(buttons)).toEqual([-1, -1, -1, 0]);
    await press('ArrowRight');
    expect(document.activeElement).toBe(buttons[0]);
    await press('End');
    expect(document.activeElement).toBe(buttons[3]);
    await press('Home');
    expect(document.activeElement).toBe(buttons[0]);
  });

  it('keeps the tab stop on the button last used', async () => {
    const buttons = await mount();
    await act(async () => buttons[1]!.click());
    expect(tabIndexes(buttons)).toEqual([-1, 0, -1, -1]);
  });

  it('lets the caller own the tab stop (a tablist selects what the keys move to)', async () => {
    const buttons = await mount(true);
    buttons[0]!.focus();
    await press('ArrowLeft');
    expect(document.activeElement).toBe(buttons[3]);
    expect(buttons[3]!.getAttribute('aria-pressed')).toBe('true');
    expect(tabIndexes(buttons)).toEqual([-1, -1, -1, 0]);
  });
});
