// The people you have blocked, with Unblock (on your profile; docs/decisions/0020-moderation.md).
import { Link } from 'wouter';
import { formatLongDate } from '../../lib/dates';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { useBlockChanges } from './block-button';

export function BlockedPeople() {
  const blocked = trpc.moderation.blocked.useQuery();
  const changed = useBlockChanges();
  const unblock = trpc.moderation.unblock.useMutation({ onSuccess: changed });
  return (
    <section className="card blocked-people" aria-labelledby="blocked-title">
      <h2 id="blocked-title">People you have blocked</h2>
      <p className="muted">They cannot comment on your story, and you do not see their comments.</p>
      {blocked.isPending ? (
        <Loading label="Loading…" />
      ) : blocked.isError ? (
        <ErrorBox error={blocked.error} />
      ) : blocked.data.length === 0 ? (
        <p>You have not blocked anyone.</p>
      ) : (
        <ul className="blocked-list">
          {blocked.data.map((b) => (
            <li key={b.username}>
              <span>
                <Link href={storyPath(b.username)}>
                  <bdi>{b.username}</bdi>
                </Link>
                <span className="muted"> · since {formatLongDate(b.since)}</span>
              </span>
              <button
                type="button"
                className="button secondary small"
                disabled={unblock.isPending}
                onClick={() => unblock.mutate({ username: b.username })}
              >
                Unblock <span className="visually-hidden">{b.username}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorBox error={unblock.error ?? undefined} />
    </section>
  );
}
