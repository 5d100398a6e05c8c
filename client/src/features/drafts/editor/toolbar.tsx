// The formatting toolbar: one tab stop, arrow keys move between buttons (the ARIA toolbar pattern), each
// button labelled, toggles report aria-pressed. Buttons keep the text's selection (no focus steal on click).
import {
  Bold,
  Code,
  Heading2,
  Heading3,
  ImageMinus,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  MessageSquareText,
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
import { useRovingFocus } from '../../../lib/use-roving-focus';
import type { StoryCommands } from './commands';
import type { Formatting } from './formatting';
import { linkUrl } from './safe-url';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

interface Tool {
  label: string;
  shortcut?: string;
  icon: LucideIcon;
  pressed?: boolean;
  disabled?: boolean;
  act: () => void;
}

/** A named group of buttons; the name is also its key (the table tools come and go with the cursor). */
interface ToolGroup {
  name: string;
  tools: Tool[];
}

interface Props {
  commands: StoryCommands | null;
  formatting: Formatting;
  /** A sentence for the writer (a refused link address); null clears it. */
  onNotice: (message: string | null) => void;
  /** Id of the text area the buttons act on. */
  controls: string;
  /** Opens the file picker for photos. */
  onAddPhoto: () => void;
  /** Asks for the selected photo's description. */
  onDescribePhoto: () => void;
}

export function Toolbar({ commands, formatting: f, onNotice, controls, onAddPhoto, onDescribePhoto }: Props) {
  const off = !commands;
  // In a caption (or with a photo selected) the block tools would have nothing to act on.
  const blockOff = f.table || f.photo;

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

  const groups: ToolGroup[] = [
    {
      name: 'Paragraph and headings',
      tools: [
        {
          label: 'Paragraph',
          shortcut: `${MOD}Alt+0`,
          icon: Pilcrow,
          pressed: f.block === 'paragraph',
          disabled: f.photo,
          act: () => commands?.block('paragraph', f),
        },
        {
          label: 'Heading',
          shortcut: `${MOD}Alt+2`,
          icon: Heading2,
          pressed: f.block === 'h2',
          disabled: f.photo,
          act: () => commands?.block('h2', f),
        },
        {
          label: 'Subheading',
          shortcut: `${MOD}Alt+3`,
          icon: Heading3,
          pressed: f.block === 'h3',
          disabled: f.photo,
          act: () => commands?.block('h3', f),
        },
      ],
    },
    {
      name: 'Text style',
      tools: [
        { label: 'Bold', shortcut: `${MOD}B`, icon: Bold, pressed: f.strong, act: () => commands?.mark('strong') },
        { label: 'Italic', shortcut: `${MOD}I`, icon: Italic, pressed: f.emphasis, act: () => commands?.mark('emphasis') },
        { label: 'Strikethrough', shortcut: `${MOD}Alt+X`, icon: Strikethrough, pressed: f.strike, act: () => commands?.mark('strike') },
        { label: 'Inline code', shortcut: `${MOD}E`, icon: Code, pressed: f.code, act: () => commands?.mark('code') },
      ],
    },
    {
      name: 'Lists and blocks',
      tools: [
        {
          label: 'Bulleted list',
          shortcut: `${MOD}Alt+8`,
          icon: List,
          pressed: f.bulletList,
          disabled: f.photo,
          act: () => commands?.list('bullet'),
        },
        {
          label: 'Numbered list',
          shortcut: `${MOD}Alt+7`,
          icon: ListOrdered,
          pressed: f.orderedList,
          disabled: f.photo,
          act: () => commands?.list('ordered'),
        },
        { label: 'Quote', shortcut: `${MOD}Shift+B`, icon: TextQuote, pressed: f.quote, act: () => commands?.quote(f) },
        {
          label: 'Code block',
          shortcut: `${MOD}Alt+C`,
          icon: SquareCode,
          pressed: f.block === 'code',
          disabled: f.photo,
          act: () => commands?.codeBlock(f),
        },
      ],
    },
    {
      name: 'Insert',
      tools: [
        { label: 'Link', icon: Link, pressed: f.link, act: askLink },
        { label: 'Add photo', icon: ImagePlus, act: onAddPhoto },
        { label: 'Table', icon: Table, disabled: blockOff, act: () => commands?.table() },
        { label: 'Divider', icon: Minus, disabled: blockOff, act: () => commands?.rule() },
      ],
    },
    {
      name: 'History',
      tools: [
        { label: 'Undo', shortcut: `${MOD}Z`, icon: Undo2, disabled: !f.canUndo, act: () => commands?.undo() },
        { label: 'Redo', shortcut: `${MOD}Shift+Z`, icon: Redo2, disabled: !f.canRedo, act: () => commands?.redo() },
      ],
    },
  ];
  // Photo tools appear only while a photo is selected or the cursor is in its caption.
  if (f.photo) {
    groups.push({
      name: 'Photo',
      tools: [
        { label: 'Describe photo', icon: MessageSquareText, act: onDescribePhoto },
        { label: 'Remove photo', icon: ImageMinus, act: () => commands?.removePhoto() },
      ],
    });
  }
  // Table tools appear only while the cursor is in a table.
  if (f.table) {
    groups.push({
      name: 'Table',
      tools: [
        { label: 'Add row', icon: TableRowsSplit, act: () => commands?.addRow() },
        { label: 'Add column', icon: TableColumnsSplit, act: () => commands?.addColumn() },
        { label: 'Delete table', icon: Trash2, act: () => commands?.deleteTable() },
      ],
    });
  }

  // Every button's place in the whole toolbar (the roving focus counts across groups): a group's first
  // button comes after all the buttons of the groups before it.
  const firstIndex = groups.map((_, g) => groups.slice(0, g).reduce((n, group) => n + group.tools.length, 0));
  const tools = groups.flatMap((group) => group.tools).map((t) => ({ ...t, disabled: off || t.disabled }));
  // The one tab stop: the last button used, or the first usable one when that went away or got disabled.
  const roving = useRovingFocus({ count: tools.length, isDisabled: (i) => !!tools[i]?.disabled });

  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Formatting" aria-controls={controls} onKeyDown={roving.onKeyDown}>
      {groups.map((group, g) => (
        // A fieldset is the element for a named group of controls (role group); its frame is reset in CSS.
        <fieldset className="editor-toolbar-group" key={group.name} aria-label={group.name}>
          {group.tools.map((_, j) => {
            const i = firstIndex[g]! + j;
            const t = tools[i]!;
            const Icon = t.icon;
            return (
              <button
                key={t.label}
                {...roving.itemProps(i)}
                type="button"
                className="editor-tool"
                aria-label={t.label}
                title={t.shortcut ? `${t.label} (${t.shortcut})` : t.label}
                aria-pressed={t.pressed === undefined ? undefined : t.pressed}
                disabled={t.disabled}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  roving.use(i);
                  t.act();
                }}
              >
                <Icon aria-hidden="true" size={18} strokeWidth={2} />
              </button>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
