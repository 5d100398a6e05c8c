// The formatting toolbar: one tab stop, arrow keys move between buttons (the ARIA toolbar pattern), each
// button labelled, toggles report aria-pressed. Buttons keep the text's selection (no focus steal on click).
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Minus,
  Pilcrow,
  Redo2,
  SquareCode,
  Strikethrough,
  Table,
  TableColumnsSplit,
  TableRowsSplit,
  TextQuote,
  Trash2,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { StoryCommands } from './commands';
import type { Formatting } from './formatting';
import { imageUrl, linkUrl } from './safe-url';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

interface Tool {
  label: string;
  shortcut?: string;
  icon: LucideIcon;
  pressed?: boolean;
  disabled?: boolean;
  act: () => void;
}

interface Props {
  commands: StoryCommands | null;
  formatting: Formatting;
  /** A sentence for the writer (a refused link address); null clears it. */
  onNotice: (message: string | null) => void;
  /** Id of the text area the buttons act on. */
  controls: string;
}

export function Toolbar({ commands, formatting: f, onNotice, controls }: Props) {
  const [active, setActive] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const off = !commands;

  const askLink = () => {
    if (!commands) return;
    const answer = window.prompt(
      f.link ? 'Link address (leave empty to remove the link):' : 'Link address (http://, https:// or mailto:):',
      f.link ? commands.currentHref() : 'https://',
    );
    if (answer === null) return;
    if (answer.trim() === '' || answer.trim() === 'https://') {
      if (f.link) commands.removeLink();
      return;
    }
    const href = linkUrl(answer);
    if (!href) return onNotice('A link must be a web address (http:// or https://) or an email address (mailto:).');
    onNotice(null);
    commands.setLink(href);
  };

  const askImage = () => {
    if (!commands) return;
    const answer = window.prompt('Image address (https://…):', 'https://');
    if (answer === null || answer.trim() === '' || answer.trim() === 'https://') return;
    const src = imageUrl(answer);
    if (!src) return onNotice('An image address must start with http:// or https://.');
    const alt = window.prompt('Describe the image for people who cannot see it:', '');
    if (alt === null) return;
    onNotice(null);
    commands.image(src, alt.trim());
  };

  const groups: Tool[][] = [
    [
      {
        label: 'Paragraph',
        shortcut: `${MOD}Alt+0`,
        icon: Pilcrow,
        pressed: f.block === 'paragraph',
        act: () => commands?.block('paragraph', f),
      },
      { label: 'Heading', shortcut: `${MOD}Alt+2`, icon: Heading2, pressed: f.block === 'h2', act: () => commands?.block('h2', f) },
      { label: 'Subheading', shortcut: `${MOD}Alt+3`, icon: Heading3, pressed: f.block === 'h3', act: () => commands?.block('h3', f) },
    ],
    [
      { label: 'Bold', shortcut: `${MOD}B`, icon: Bold, pressed: f.strong, act: () => commands?.mark('strong') },
      { label: 'Italic', shortcut: `${MOD}I`, icon: Italic, pressed: f.emphasis, act: () => commands?.mark('emphasis') },
      { label: 'Strikethrough', shortcut: `${MOD}Alt+X`, icon: Strikethrough, pressed: f.strike, act: () => commands?.mark('strike') },
      { label: 'Inline code', shortcut: `${MOD}E`, icon: Code, pressed: f.code, act: () => commands?.mark('code') },
    ],
    [
      { label: 'Bulleted list', shortcut: `${MOD}Alt+8`, icon: List, pressed: f.bulletList, act: () => commands?.list('bullet') },
      { label: 'Numbered list', shortcut: `${MOD}Alt+7`, icon: ListOrdered, pressed: f.orderedList, act: () => commands?.list('ordered') },
      { label: 'Quote', shortcut: `${MOD}Shift+B`, icon: TextQuote, pressed: f.quote, act: () => commands?.quote(f) },
      { label: 'Code block', shortcut: `${MOD}Alt+C`, icon: SquareCode, pressed: f.block === 'code', act: () => commands?.codeBlock(f) },
    ],
    [
      { label: 'Link', icon: Link, pressed: f.link, act: askLink },
      { label: 'Image', icon: ImagePlus, act: askImage },
      { label: 'Table', icon: Table, disabled: f.table, act: () => commands?.table() },
      { label: 'Divider', icon: Minus, disabled: f.table, act: () => commands?.rule() },
    ],
    [
      { label: 'Undo', shortcut: `${MOD}Z`, icon: Undo2, disabled: !f.canUndo, act: () => commands?.undo() },
      { label: 'Redo', shortcut: `${MOD}Shift+Z`, icon: Redo2, disabled: !f.canRedo, act: () => commands?.redo() },
    ],
  ];
  // Table tools appear only while the cursor is in a table.
  if (f.table) {
    groups.push([
      { label: 'Add row', icon: TableRowsSplit, act: () => commands?.addRow() },
      { label: 'Add column', icon: TableColumnsSplit, act: () => commands?.addColumn() },
      { label: 'Delete table', icon: Trash2, act: () => commands?.deleteTable() },
    ]);
  }

  const tools = groups.flat().map((t) => ({ ...t, disabled: off || t.disabled }));
  const enabled = tools.flatMap((t, i) => (t.disabled ? [] : [i]));
  // The one tab stop: the last button used, or the first usable one when that went away or got disabled.
  const tabStop = enabled.includes(active) ? active : (enabled[0] ?? -1);

  const onKeyDown = (e: KeyboardEvent) => {
    const at = enabled.indexOf(tabStop);
    if (at === -1) return;
    const next =
      e.key === 'ArrowRight'
        ? enabled[(at + 1) % enabled.length]
        : e.key === 'ArrowLeft'
          ? enabled[(at - 1 + enabled.length) % enabled.length]
          : e.key === 'Home'
            ? enabled[0]
            : e.key === 'End'
              ? enabled[enabled.length - 1]
              : undefined;
    if (next === undefined) return;
    e.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  };

  let index = -1;
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Formatting" aria-controls={controls} onKeyDown={onKeyDown}>
      {groups.map((group, g) => (
        <div className="editor-toolbar-group" role="group" key={g}>
          {group.map((tool) => {
            const i = ++index;
            const t = tools[i]!;
            const Icon = t.icon;
            return (
              <button
                key={t.label}
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                type="button"
                className="editor-tool"
                aria-label={t.label}
                title={t.shortcut ? `${t.label} (${t.shortcut})` : t.label}
                aria-pressed={t.pressed === undefined ? undefined : t.pressed}
                disabled={t.disabled}
                tabIndex={i === tabStop ? 0 : -1}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setActive(i);
                  t.act();
                }}
              >
                <Icon aria-hidden="true" size={18} strokeWidth={2} />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
