// The toolbar's "More" button and its menu (the ARIA menu button pattern): the tools a writer needs less often, so
// that the toolbar fits a phone without scrolling (issue #26; docs/editor.md, "The toolbar"). Enter, Space or Down
// opens it on its first item, Up on its last; Up, Down, Home and End move; Escape closes it and focus goes back to
// "More"; choosing an item closes it and the tool gives the text its focus back.
import { Ellipsis, type LucideIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface MenuTool {
  label: string;
  shortcut?: string;
  icon: LucideIcon;
  /** For a tool that is on or off: whether it is on (a checkable item). */
  pressed?: boolean;
  disabled?: boolean;
  act: () => void;
}

interface Props {
  tools: MenuTool[];
  /** The button's place in the toolbar's roving focus. */
  buttonProps: { ref: (element: HTMLElement | null) => void; tabIndex: 0 | -1 };
  disabled: boolean;
  /** Called when the button is used (it becomes the toolbar's tab stop). */
  onUse: () => void;
}

export function MoreMenu({ tools, buttonProps, disabled, onUse }: Props) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const intl = useIntl();
  const button = useRef<HTMLButtonElement | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  /** The item to focus once the menu is drawn. */
  const focusOnOpen = useRef<number | undefined>(undefined);
  const usable = tools.flatMap((t, i) => (t.disabled ? [] : [i]));

  const focusItem = (index: number | undefined) => {
    if (index !== undefined) items.current[index]?.focus();
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };
  const openAt = (where: 'first' | 'last') => {
    focusOnOpen.current = where === 'first' ? usable[0] : usable.at(-1);
    setOpen(true);
    onUse();
  };

  const wasOpen = useRef(false);
  useEffect(() => {
    // Closed by an item that gave focus to no one (a link prompt cancelled): back to "More", never to the page.
    if (wasOpen.current && !open && document.activeElement === document.body) button.current?.focus();
    wasOpen.current = open;
    if (!open) return;
    // Focus moves once per opening, not when the tools' states change while it is open.
    if (focusOnOpen.current !== undefined) items.current[focusOnOpen.current]?.focus();
    // A press anywhere else closes it (the press itself then goes where it was meant).
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      event.stopPropagation();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const at = usable.indexOf(items.current.indexOf(document.activeElement as HTMLButtonElement));
    const moves: Record<string, number | undefined> = {
      ArrowDown: usable[(at + 1) % usable.length],
      ArrowUp: usable[(at - 1 + usable.length) % usable.length],
      Home: usable[0],
      End: usable.at(-1),
    };
    if (event.key in moves) focusItem(moves[event.key]);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
    // The toolbar's own arrow keys must not act on the menu's.
    event.stopPropagation();
  };

  return (
    <div className="editor-more" ref={wrapper}>
      <button
        ref={(el) => {
          button.current = el;
          buttonProps.ref(el);
        }}
        tabIndex={buttonProps.tabIndex}
        type="button"
        className="editor-tool editor-tool-labelled"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKey}
      >
        <Ellipsis aria-hidden="true" size={20} strokeWidth={2} />
        <span>
          <FormattedMessage id="editor.more" defaultMessage="More" />
        </span>
      </button>
      {open && (
        <div
          className="editor-menu"
          role="menu"
          id={menuId}
          aria-label={intl.formatMessage({ id: 'editor.moreLabel', defaultMessage: 'More formatting' })}
          onKeyDown={onMenuKey}
        >
          {tools.map((t, i) => {
            const Icon = t.icon;
            return (
              <button
                key={t.label}
                ref={(el) => {
                  items.current[i] = el;
                }}
                type="button"
                {...(t.pressed === undefined ? { role: 'menuitem' } : { role: 'menuitemcheckbox', 'aria-checked': t.pressed })}
                className="editor-menu-item"
                tabIndex={-1}
                disabled={t.disabled}
                title={t.shortcut ? `${t.label} (${t.shortcut})` : undefined}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setOpen(false);
                  t.act();
                }}
              >
                <Icon aria-hidden="true" size={20} strokeWidth={2} />
                <span>{t.label}</span>
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
