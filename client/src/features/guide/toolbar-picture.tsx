// A drawn picture of the editor's toolbar for the guide (issue #26, point 8): the same icons as the real one, each
// with its name in plain words. Drawn rather than a screenshot, so it reads at any size and in dark mode.
import { Bold, Heading2, ImagePlus, Italic, List, type LucideIcon, MoreHorizontal, TextQuote, Undo2 } from 'lucide-react';

const TOOLS: { icon: LucideIcon; name: string; says: string }[] = [
  { icon: ImagePlus, name: 'Add photo', says: 'puts a photo from your phone or computer where the cursor is' },
  { icon: Heading2, name: 'Heading', says: 'makes the line a chapter title' },
  { icon: Bold, name: 'Bold', says: 'makes words stand out' },
  { icon: Italic, name: 'Italic', says: 'slants words, for a name or a quiet aside' },
  { icon: List, name: 'List', says: 'starts a list with dots' },
  { icon: TextQuote, name: 'Quote', says: 'sets apart words someone said' },
  { icon: Undo2, name: 'Undo', says: 'takes back the last change' },
  { icon: MoreHorizontal, name: 'More', says: 'the other tools, which you may never need' },
];

export function ToolbarPicture() {
  return (
    <figure className="guide-toolbar">
      <div className="guide-toolbar-strip" aria-hidden="true">
        {TOOLS.map(({ icon: Icon, name }) => (
          <span key={name} className="guide-toolbar-button">
            <Icon size={22} />
          </span>
        ))}
      </div>
      <figcaption>The buttons above your story, from left to right:</figcaption>
      <dl className="guide-toolbar-list">
        {TOOLS.map(({ icon: Icon, name, says }) => (
          <div key={name}>
            <dt>
              <span className="guide-toolbar-button" aria-hidden="true">
                <Icon size={22} />
              </span>
              {name}
            </dt>
            <dd>{says}</dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
