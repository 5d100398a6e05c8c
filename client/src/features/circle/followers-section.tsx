// "Followers": who gets an email when the story grows (follows.followers, docs/decisions/0027-followers-and-digests.md):
// a username for people with an account, the address for the others, and since when.
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { trpc } from '../../lib/trpc';
import { people, plainDate } from './readers-words';

export function FollowersSection() {
  const followers = trpc.follows.followers.useQuery();
  const list = followers.data ?? [];
  return (
    <section className="card readers-section" aria-labelledby="followers-title">
      <h2 id="followers-title">Followers</h2>
      <p>Followers get an email, at most once a day, when you add to your story.</p>
      {followers.isPending ? (
        <Loading label="Loading your followers…" />
      ) : followers.isError ? (
        <ErrorBox error={followers.error} />
      ) : list.length === 0 ? (
        <p className="empty-state">Nobody follows your story yet. Anyone who can read it can follow it from the story page.</p>
      ) : (
        <>
          <p className="muted">
            {people(list.length)} {list.length === 1 ? 'follows' : 'follow'} your story.
          </p>
          <ul className="reader-list">
            {list.map((f) => (
              <li key={`${f.kind}:${f.who}`} className="reader-item">
                <div className="reader-who">
                  <p className="reader-name">{f.who}</p>
                  <p className="reader-state">
                    Follows with {f.kind === 'account' ? 'their account' : 'this address'} since {plainDate(f.since)}.
                    {!f.confirmed && ' They have not confirmed it yet, so they get no emails.'}
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
