// The formatting toolbar: one tab stop, arrow keys move between buttons (the ARIA toolbar pattern), each
// button labelled, toggles report aria-pressed. Buttons keep the text's selection (no focus steal on click).
// Seven tools and "More" (more-menu.tsx) fit a 360 px phone without scrolling; a photo's or a table's own tools
// come on a row of their own while the caret is there (docs/editor.md, "The toolbar").
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
} from 'lucide-react';
import { useRovingFocus } from '../../../lib/use-roving-focus';
import type { StoryCommands } from './commands';
import type { Formatting } from './formatting';
import { type MenuTool, MoreMenu } from './more-menu';
import { linkUrl } from './safe-url';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

interface Tool extends MenuTool {
  /** The label is shown beside the icon (else it is the button's name and tooltip only). */
  text?: boolean;
}

/** A named group of buttons; the name is also its key (the photo and table tools come and go with the cursor). */
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

  // The tools in view, in the order a writer reaches for them (issue #26: they fit a 360 px phone without scrolling).
  const main: Tool[] = [
    { label: 'Add photo', icon: ImagePlus, text: true, act: onAddPhoto },
    {
      label: 'Heading',
      shortcut: `${MOD}Alt+2`,
      icon: Heading2,
      pressed: f.block === 'h2',
      disabled: f.photo,
      act: () => commands?.block('h2', f),
    },
    { label: 'Bold', shortcut: `${MOD}B`, icon: Bold, pressed: f.strong, act: () => commands?.mark('strong') },
    { label: 'Italic', shortcut: `${MOD}I`, icon: Italic, pressed: f.emphasis, act: () => commands?.mark('emphasis') },
    {
      label: 'Bulleted list',
      shortcut: `${MOD}Alt+8`,
      icon: List,
      pressed: f.bulletList,
      disabled: f.photo,
      act: () => commands?.list('bullet'),
    },
    { label: 'Quote', shortcut: `${MOD}Shift+B`, icon: TextQuote, pressed: f.quote, act: () => commands?.quote(f) },
    { label: 'Undo', shortcut: `${MOD}Z`, icon: Undo2, disabled: !f.canUndo, act: () => commands?.undo() },
  ];
  // Under "More": what is needed less often, and the tools an older writer would tap by mistake last.
  const more: Tool[] = [
    {
      label: 'Subheading',
      shortcut: `${MOD}Alt+3`,
      icon: Heading3,
      pressed: f.block === 'h3',
      disabled: f.photo,
      act: () => commands?.block('h3', f),
    },
    {
      label: 'Paragraph',
      shortcut: `${MOD}Alt+0`,
      icon: Pilcrow,
      pressed: f.block === 'paragraph',
      disabled: f.photo,
      act: () => commands?.block('paragraph', f),
    },
    {
      label: 'Numbered list',
      shortcut: `${MOD}Alt+7`,
      icon: ListOrdered,
      pressed: f.orderedList,
      disabled: f.photo,
      act: () => commands?.list('ordered'),
    },
    { label: 'Link', icon: Link, pressed: f.link, act: askLink },
    { label: 'Divider', icon: Minus, disabled: blockOff, act: () => commands?.rule() },
    { label: 'Redo', shortcut: `${MOD}Shift+Z`, icon: Redo2, disabled: !f.canRedo, act: () => commands?.redo() },
    { label: 'Strikethrough', shortcut: `${MOD}Alt+X`, icon: Strikethrough, pressed: f.strike, act: () => commands?.mark('strike') },
    { label: 'Inline code', shortcut: `${MOD}E`, icon: Code, pressed: f.code, act: () => commands?.mark('code') },
    {
      label: 'Code block',
      shortcut: `${MOD}Alt+C`,
      icon: SquareCode,
      pressed: f.block === 'code',
      disabled: f.photo,
      act: () => commands?.codeBlock(f),
    },
    { label: 'Table', icon: Table, disabled: blockOff, act: () => commands?.table() },
  ].map((t) => ({ ...t, disabled: off || t.disabled }));

  // Tools for what the caret is in, on a row of their own: a photo's while one is selected or the caret is in its
  // caption, a table's while the caret is in one.
  const context: ToolGroup[] = [];
  if (f.photo) {
    context.push({
      name: 'Photo',
      tools: [
        { label: 'Describe photo', icon: MessageSquareText, text: true, act: onDescribePhoto },
        { label: 'Remove photo', icon: ImageMinus, text: true, act: () => commands?.removePhoto() },
      ],
    });
  }
  if (f.table) {
    context.push({
      name: 'Table',
      tools: [
        { label: 'Add row', icon: TableRowsSplit, text: true, act: () => commands?.addRow() },
        { label: 'Add column', icon: TableColumnsSplit, text: true, act: () => commands?.addColumn() },
        { label: 'Delete table', icon: Trash2, text: true, act: () => commands?.deleteTable() },
      ],
    });
  }

  // One roving tab stop across the row: the main tools, "More", then the context tools.
  const row = [...main, ...context.flatMap((g) => g.tools)].map((t) => ({ ...t, disabled: off || t.disabled }));
  const moreIndex = main.length;
  const count = row.length + 1;
  const isDisabled = (i: number) => (i === moreIndex ? off : !!row[i < moreIndex ? i : i - 1]?.disabled);
  const roving = useRovingFocus({ count, isDisabled });
  const button = (t: Tool, i: number) => {
    const Icon = t.icon;
    return (
      <button
        key={t.label}
        {...roving.itemProps(i)}
        type="button"
        className={t.text ? 'editor-tool editor-tool-labelled' : 'editor-tool'}
        aria-label={t.text ? undefined : t.label}
        title={t.shortcut ? `${t.label} (${t.shortcut})` : t.text ? undefined : t.label}
        aria-pressed={t.pressed === undefined ? undefined : t.pressed}
        disabled={t.disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => {
          roving.use(i);
          t.act();
        }}
      >
        <Icon aria-hidden="true" size={20} strokeWidth={2} />
        {t.text && <span>{t.label}</span>}
      </button>
    );
  };

  let next = moreIndex + 1;
  return (
    <div className="editor-toolbar" role="toolbar" aria-label="Formatting" aria-controls={controls} onKeyDown={roving.onKeyDown}>
      {row.slice(0, moreIndex).map(button)}
      <MoreMenu tools={more} buttonProps={roving.itemProps(moreIndex)} disabled={off} onUse={() => roving.use(moreIndex)} />
      {context.map((group) => (
        // A fieldset is the element for a named group of controls (role group); its frame is reset in CSS.
        <fieldset className="editor-toolbar-context" key={group.name} aria-label={group.name}>
          {group.tools.map(() => {
            const i = next++;
            return button(row[i - 1]!, i);
          })}
        </fieldset>
      ))}
    </div>
  );
}
