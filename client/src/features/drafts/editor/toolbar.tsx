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
import { defineMessages, type MessageDescriptor, useIntl } from 'react-intl';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** The tools' names in the interface's language, by their English (docs/decisions/0042-interface-languages.md). */
const TOOL_WORDS = defineMessages({
  'Add photo': { id: 'editor.tool.addPhoto', defaultMessage: 'Add photo' },
  Heading: { id: 'editor.tool.heading', defaultMessage: 'Heading' },
  Bold: { id: 'editor.tool.bold', defaultMessage: 'Bold' },
  Italic: { id: 'editor.tool.italic', defaultMessage: 'Italic' },
  'Bulleted list': { id: 'editor.tool.bulletedList', defaultMessage: 'Bulleted list' },
  Quote: { id: 'editor.tool.quote', defaultMessage: 'Quote' },
  Undo: { id: 'editor.tool.undo', defaultMessage: 'Undo' },
  Subheading: { id: 'editor.tool.subheading', defaultMessage: 'Subheading' },
  Paragraph: { id: 'editor.tool.paragraph', defaultMessage: 'Paragraph' },
  'Numbered list': { id: 'editor.tool.numberedList', defaultMessage: 'Numbered list' },
  Link: { id: 'editor.tool.link', defaultMessage: 'Link' },
  Divider: { id: 'editor.tool.divider', defaultMessage: 'Divider' },
  Redo: { id: 'editor.tool.redo', defaultMessage: 'Redo' },
  Strikethrough: { id: 'editor.tool.strikethrough', defaultMessage: 'Strikethrough' },
  'Inline code': { id: 'editor.tool.inlineCode', defaultMessage: 'Inline code' },
  'Code block': { id: 'editor.tool.codeBlock', defaultMessage: 'Code block' },
  Table: { id: 'editor.tool.table', defaultMessage: 'Table' },
  Photo: { id: 'editor.tool.photo', defaultMessage: 'Photo' },
  'Describe photo': { id: 'editor.tool.describePhoto', defaultMessage: 'Describe photo' },
  'Remove photo': { id: 'editor.tool.removePhoto', defaultMessage: 'Remove photo' },
  'Add row': { id: 'editor.tool.addRow', defaultMessage: 'Add row' },
  'Add column': { id: 'editor.tool.addColumn', defaultMessage: 'Add column' },
  'Delete table': { id: 'editor.tool.deleteTable', defaultMessage: 'Delete table' },
}) as Record<string, MessageDescriptor>;

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
  const intl = useIntl();
  const say = (english: string) => (TOOL_WORDS[english] ? intl.formatMessage(TOOL_WORDS[english]) : english);
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
    { label: say('Add photo'), icon: ImagePlus, text: true, act: onAddPhoto },
    {
      label: say('Heading'),
      shortcut: `${MOD}Alt+2`,
      icon: Heading2,
      pressed: f.block === 'h2',
      disabled: f.photo,
      act: () => commands?.block('h2', f),
    },
    { label: say('Bold'), shortcut: `${MOD}B`, icon: Bold, pressed: f.strong, act: () => commands?.mark('strong') },
    { label: say('Italic'), shortcut: `${MOD}I`, icon: Italic, pressed: f.emphasis, act: () => commands?.mark('emphasis') },
    {
      label: say('Bulleted list'),
      shortcut: `${MOD}Alt+8`,
      icon: List,
      pressed: f.bulletList,
      disabled: f.photo,
      act: () => commands?.list('bullet'),
    },
    { label: say('Quote'), shortcut: `${MOD}Shift+B`, icon: TextQuote, pressed: f.quote, act: () => commands?.quote(f) },
    { label: say('Undo'), shortcut: `${MOD}Z`, icon: Undo2, disabled: !f.canUndo, act: () => commands?.undo() },
  ];
  // Under "More": what is needed less often, and the tools an older writer would tap by mistake last.
  const more: Tool[] = [
    {
      label: say('Subheading'),
      shortcut: `${MOD}Alt+3`,
      icon: Heading3,
      pressed: f.block === 'h3',
      disabled: f.photo,
      act: () => commands?.block('h3', f),
    },
    {
      label: say('Paragraph'),
      shortcut: `${MOD}Alt+0`,
      icon: Pilcrow,
      pressed: f.block === 'paragraph',
      disabled: f.photo,
      act: () => commands?.block('paragraph', f),
    },
    {
      label: say('Numbered list'),
      shortcut: `${MOD}Alt+7`,
      icon: ListOrdered,
      pressed: f.orderedList,
      disabled: f.photo,
      act: () => commands?.list('ordered'),
    },
    { label: say('Link'), icon: Link, pressed: f.link, act: askLink },
    { label: say('Divider'), icon: Minus, disabled: blockOff, act: () => commands?.rule() },
    { label: say('Redo'), shortcut: `${MOD}Shift+Z`, icon: Redo2, disabled: !f.canRedo, act: () => commands?.redo() },
    { label: say('Strikethrough'), shortcut: `${MOD}Alt+X`, icon: Strikethrough, pressed: f.strike, act: () => commands?.mark('strike') },
    { label: say('Inline code'), shortcut: `${MOD}E`, icon: Code, pressed: f.code, act: () => commands?.mark('code') },
    {
      label: say('Code block'),
      shortcut: `${MOD}Alt+C`,
      icon: SquareCode,
      pressed: f.block === 'code',
      disabled: f.photo,
      act: () => commands?.codeBlock(f),
    },
    { label: say('Table'), icon: Table, disabled: blockOff, act: () => commands?.table() },
  ].map((t) => ({ ...t, disabled: off || t.disabled }));

  // Tools for what the caret is in, on a row of their own: a photo's while one is selected or the caret is in its
  // caption, a table's while the caret is in one.
  const context: ToolGroup[] = [];
  if (f.photo) {
    context.push({
      name: say('Photo'),
      tools: [
        { label: say('Describe photo'), icon: MessageSquareText, text: true, act: onDescribePhoto },
        { label: say('Remove photo'), icon: ImageMinus, text: true, act: () => commands?.removePhoto() },
      ],
    });
  }
  if (f.table) {
    context.push({
      name: say('Table'),
      tools: [
        { label: say('Add row'), icon: TableRowsSplit, text: true, act: () => commands?.addRow() },
        { label: say('Add column'), icon: TableColumnsSplit, text: true, act: () => commands?.addColumn() },
        { label: say('Delete table'), icon: Trash2, text: true, act: () => commands?.deleteTable() },
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
    <div
      className="editor-toolbar"
      role="toolbar"
      aria-label={intl.formatMessage({ id: 'editor.toolbar', defaultMessage: 'Formatting' })}
      aria-controls={controls}
      onKeyDown={roving.onKeyDown}
    >
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
