import { Link } from 'wouter';
import { FormattedMessage } from 'react-intl';

/** The person has no story (or no such person): the author is invited to start, others are told so. */
export function NoStory({ username, isAuthor }: { username: string; isAuthor: boolean }) {
  return (
    <div className="page reading story-view">
      <div className="story-none">
        {isAuthor ? (
          <>
            <h1>
              <FormattedMessage id="story.none.own" defaultMessage="You haven't written a story yet!" />
            </h1>
            <p className="muted">
              <FormattedMessage
                id="story.none.ownLede"
                defaultMessage="Your life, in your words, one page at a time. Begin with a title and a first memory."
              />
            </p>
            <Link href="/story/write" className="button large">
              <FormattedMessage id="story.none.start" defaultMessage="Start Writing Your Story" />
            </Link>
          </>
        ) : (
          <>
            <h1>
              <FormattedMessage id="story.none.other" defaultMessage="{username} hasn't written a story yet!" values={{ username }} />
            </h1>
            <p className="muted">
              <FormattedMessage
                id="story.none.otherLede"
                defaultMessage="Come back later, or <link>explore other stories</link>."
                values={{ link: (chunks) => <Link href="/explore">{chunks}</Link> }}
              />
            </p>
          </>
        )}
      </div>
    </div>
  );
}
