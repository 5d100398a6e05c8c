// "How to write your story" (issue #26, point 8): a short guide for a first-time writer, linked from the write
// screen. A route of its own (/guide): the spec keeps /help as its one-word placeholder.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../components/use-document-title';
import { ToolbarPicture } from './toolbar-picture';
import '../../styles/guide.css';

export function GuideScreen() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'guide.title', defaultMessage: 'How to write your story' });
  useDocumentTitle(title);
  const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  return (
    <div className="page narrow guide-page">
      <p className="eyebrow">
        <FormattedMessage id="guide.eyebrow" defaultMessage="A short guide" />
      </p>
      <h1>{title}</h1>
      <ol className="guide-steps">
        <li>
          <h2>
            <FormattedMessage id="guide.giveTitle.heading" defaultMessage="Give it a title" />
          </h2>
          <p>
            <FormattedMessage
              id="guide.giveTitle.text"
              defaultMessage="Type a title at the top, such as “My life by the sea”. You can change it whenever you like."
            />
          </p>
        </li>
        <li>
          <h2>
            <FormattedMessage id="guide.write.heading" defaultMessage="Write, a little at a time" />
          </h2>
          <p>
            <FormattedMessage
              id="guide.write.text"
              defaultMessage="Tap in the big box under “Story” and start typing. Write as you would talk to your family. There is no wrong way to begin: a place, a person, an early memory."
            />
          </p>
        </li>
        <li>
          <h2>
            <FormattedMessage id="guide.buttons.heading" defaultMessage="Use the buttons above the text" />
          </h2>
          <ToolbarPicture />
          <p>
            <FormattedMessage
              id="guide.buttons.text"
              defaultMessage="Start each chapter with a heading, so your readers can find their way. A long story is split into numbered pages for your readers by itself."
            />
          </p>
        </li>
        <li>
          <h2>
            <FormattedMessage id="guide.photos.heading" defaultMessage="Add photos" />
          </h2>
          <p>
            <FormattedMessage
              id="guide.photos.text"
              defaultMessage="Tap <strong>Add photo</strong> and choose a picture. Then describe it in a few words (“Dad on his boat, 1962”) for readers who cannot see it, and add a caption below it if you wish: the caption is shown to everyone."
              values={{ strong }}
            />
          </p>
        </li>
        <li>
          <h2>
            <FormattedMessage id="guide.saved.heading" defaultMessage="Nothing is lost" />
          </h2>
          <p>
            <FormattedMessage
              id="guide.saved.text"
              defaultMessage="Your words are kept as you type, on this device and in your account. Below the story it says “Saving…” and then “All changes saved”. Without a connection it says “Saved on this device: will send when online”."
            />
          </p>
        </li>
        <li>
          <h2>
            <FormattedMessage id="guide.share.heading" defaultMessage="Let your family read it" />
          </h2>
          <p>
            <FormattedMessage
              id="guide.share.text"
              defaultMessage="Until you press <strong>Save Story</strong>, only you can see your words. Beside the button it says who will be able to read it, and you can change that at any time. The first time, you see page 1 as your readers will, and nothing goes out until you press Publish my story. After that, press Save Story after every change you want readers to see."
              values={{ strong }}
            />
          </p>
        </li>
      </ol>
      <p className="guide-back">
        <Link href="/story/write" className="button large">
          <FormattedMessage id="guide.back" defaultMessage="Back to writing" />
        </Link>
      </p>
    </div>
  );
}
