// A drawn picture of the editor's toolbar for the guide (issue #26, point 8): the same icons as the real one, each
// with its name in plain words. Drawn rather than a screenshot, so it reads at any size and in dark mode. The names
// are the toolbar's own messages (toolbar.tsx, more-menu.tsx), so that the guide names each button as it is shown.
import { defineMessage, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';
import { Bold, Heading2, ImagePlus, Italic, List, type LucideIcon, MoreHorizontal, TextQuote, Undo2 } from 'lucide-react';

const TOOLS: { icon: LucideIcon; name: MessageDescriptor; says: MessageDescriptor }[] = [
  {
    icon: ImagePlus,
    name: defineMessage({ id: 'editor.tool.addPhoto', defaultMessage: 'Add photo' }),
    says: defineMessage({ id: 'guide.tool.addPhoto.says', defaultMessage: 'puts a photo from your phone or computer where the cursor is' }),
  },
  {
    icon: Heading2,
    name: defineMessage({ id: 'editor.tool.heading', defaultMessage: 'Heading' }),
    says: defineMessage({ id: 'guide.tool.heading.says', defaultMessage: 'makes the line a chapter title' }),
  },
  {
    icon: Bold,
    name: defineMessage({ id: 'editor.tool.bold', defaultMessage: 'Bold' }),
    says: defineMessage({ id: 'guide.tool.bold.says', defaultMessage: 'makes words stand out' }),
  },
  {
    icon: Italic,
    name: defineMessage({ id: 'editor.tool.italic', defaultMessage: 'Italic' }),
    says: defineMessage({ id: 'guide.tool.italic.says', defaultMessage: 'slants words, for a name or a quiet aside' }),
  },
  {
    icon: List,
    name: defineMessage({ id: 'guide.tool.list', defaultMessage: 'List' }),
    says: defineMessage({ id: 'guide.tool.list.says', defaultMessage: 'starts a list with dots' }),
  },
  {
    icon: TextQuote,
    name: defineMessage({ id: 'editor.tool.quote', defaultMessage: 'Quote' }),
    says: defineMessage({ id: 'guide.tool.quote.says', defaultMessage: 'sets apart words someone said' }),
  },
  {
    icon: Undo2,
    name: defineMessage({ id: 'editor.tool.undo', defaultMessage: 'Undo' }),
    says: defineMessage({ id: 'guide.tool.undo.says', defaultMessage: 'takes back the last change' }),
  },
  {
    icon: MoreHorizontal,
    name: defineMessage({ id: 'editor.more', defaultMessage: 'More' }),
    says: defineMessage({ id: 'guide.tool.more.says', defaultMessage: 'the other tools, which you may never need' }),
  },
];

export function ToolbarPicture() {
  const intl = useIntl();
  return (
    <figure className="guide-toolbar">
      <div className="guide-toolbar-strip" aria-hidden="true">
        {TOOLS.map(({ icon: Icon, name }) => (
          <span key={name.id} className="guide-toolbar-button">
            <Icon size={22} />
          </span>
        ))}
      </div>
      <figcaption>
        <FormattedMessage id="guide.toolbar.caption" defaultMessage="The buttons above your story, from left to right:" />
      </figcaption>
      <dl className="guide-toolbar-list">
        {TOOLS.map(({ icon: Icon, name, says }) => (
          <div key={name.id}>
            <dt>
              <span className="guide-toolbar-button" aria-hidden="true">
                <Icon size={22} />
              </span>
              {intl.formatMessage(name)}
            </dt>
            <dd>{intl.formatMessage(says)}</dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
