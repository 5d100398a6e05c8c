// The author's own line on their story page (issue #24): who can read it now, and the ways to change that.
// Only the author's stories.get answer carries the audience, so no one else is ever shown this line.
import { Link } from 'wouter';
import type { Audience } from '#contract/access';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';

export const PUBLISHED_FOR = defineMessages({
  everyone: { id: 'story.audience.everyone', defaultMessage: 'Published: visible to everyone.' },
  link: { id: 'story.audience.link', defaultMessage: 'Published: visible to people with the link.' },
  circle: { id: 'story.audience.circle', defaultMessage: 'Published: visible only to people you invite.' },
  only_me: { id: 'story.audience.onlyMe', defaultMessage: 'Published: visible only to you.' },
}) satisfies Record<Audience, unknown>;

export function StoryAudienceLine({ audience }: { audience: Audience }) {
  const intl = useIntl();
  return (
    <p className="story-audience">
      <span>{intl.formatMessage(PUBLISHED_FOR[audience])}</span>{' '}
      <span className="story-audience-links">
        <Link href="/story/write#audience">
          <FormattedMessage id="story.audience.change" defaultMessage="Change who can read" />
        </Link>
        <Link href="/readers">
          <FormattedMessage id="story.audience.readers" defaultMessage="Your readers" />
        </Link>
      </span>
    </p>
  );
}
