// The people you have blocked, with Unblock (on your profile; docs/decisions/0020-moderation.md).
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useDates } from '../../lib/i18n';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { useBlockChanges } from './block-button';

export function BlockedPeople() {
  const intl = useIntl();
  const dates = useDates();
  const blocked = trpc.moderation.blocked.useQuery();
  const changed = useBlockChanges();
  const unblock = trpc.moderation.unblock.useMutation({ onSuccess: changed });
  return (
    <section className="card blocked-people" aria-labelledby="blocked-title">
      <h2 id="blocked-title">
        <FormattedMessage id="moderation.blocked.title" defaultMessage="People you have blocked" />
      </h2>
      <p className="muted">
        <FormattedMessage
          id="moderation.blocked.lede"
          defaultMessage="They cannot comment on your story, and you do not see their comments."
        />
      </p>
      {blocked.isPending ? (
        <Loading label={intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading…' })} />
      ) : blocked.isError ? (
        <ErrorBox error={blocked.error} />
      ) : blocked.data.length === 0 ? (
        <p>
          <FormattedMessage id="moderation.blocked.none" defaultMessage="You have not blocked anyone." />
        </p>
      ) : (
        <ul className="blocked-list">
          {blocked.data.map((b) => (
            <li key={b.username}>
              <span>
                <Link href={storyPath(b.username)}>
                  <bdi>{b.username}</bdi>
                </Link>
                <span className="muted">
                  {' '}
                  <FormattedMessage id="moderation.since" defaultMessage="· since {date}" values={{ date: dates.longDate(b.since) }} />
                </span>
              </span>
              <button
                type="button"
                className="button secondary small"
                disabled={unblock.isPending}
                onClick={() => unblock.mutate({ username: b.username })}
              >
                <FormattedMessage
                  id="moderation.unblock.hiddenName"
                  defaultMessage="Unblock <hidden>{username}</hidden>"
                  values={{ username: b.username, hidden: (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span> }}
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      <ErrorBox error={unblock.error ?? undefined} />
    </section>
  );
}
