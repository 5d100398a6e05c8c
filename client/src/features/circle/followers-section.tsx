// "Followers": who gets an email when the story grows (follows.followers, docs/decisions/0027-followers-and-digests.md):
// a username for people with an account, the address for the others, and since when.
import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { trpc } from '../../lib/trpc';
import { people, plainDate } from './readers-words';

export function FollowersSection() {
  const intl = useIntl();
  const followers = trpc.follows.followers.useQuery();
  const list = followers.data ?? [];
  return (
    <section className="card readers-section" aria-labelledby="followers-title">
      <h2 id="followers-title">
        <FormattedMessage id="circle.followers.title" defaultMessage="Followers" />
      </h2>
      <p>
        <FormattedMessage
          id="circle.followers.intro"
          defaultMessage="Followers get an email, at most once a day, when you add to your story."
        />
      </p>
      {followers.isPending ? (
        <Loading label={intl.formatMessage({ id: 'circle.followers.loading', defaultMessage: 'Loading your followers…' })} />
      ) : followers.isError ? (
        <ErrorBox error={followers.error} />
      ) : list.length === 0 ? (
        <p className="empty-state">
          <FormattedMessage
            id="circle.followers.none"
            defaultMessage="Nobody follows your story yet. Anyone who can read it can follow it from the story page."
          />
        </p>
      ) : (
        <>
          <p className="muted">
            <FormattedMessage
              id="circle.followers.count"
              defaultMessage="{count, plural, one {{people} follows your story.} other {{people} follow your story.}}"
              values={{ count: list.length, people: people(intl, list.length) }}
            />
          </p>
          <ul className="reader-list">
            {list.map((f) => (
              <li key={`${f.kind}:${f.who}`} className="reader-item">
                <div className="reader-who">
                  <p className="reader-name">{f.who}</p>
                  <p className="reader-state">
                    <FormattedMessage
                      id="circle.followers.since"
                      defaultMessage="Follows with {kind, select, account {their account} other {this address}} since {since}."
                      values={{ kind: f.kind === 'account' ? 'account' : 'email', since: plainDate(intl, f.since) }}
                    />
                    {!f.confirmed &&
                      ` ${intl.formatMessage({
                        id: 'circle.followers.unconfirmed',
                        defaultMessage: 'They have not confirmed it yet, so they get no emails.',
                      })}`}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
