// The moderation screen (docs/decisions/0020-moderation.md), for admins: the open reports with the reported story or
// comment in context, what is hidden or suspended now, and the log of every action. Each action asks why; the log
// keeps it. The server checks the role on every call; this screen only reads `moderation.access` to say so clearly.
import { Eye, EyeOff, ShieldCheck, Trash2, UserCheck, UserX, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { LogEntry, QueueItem } from '#contract/moderation';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { useDates } from '../../lib/i18n';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import '../../styles/moderation.css';
import { REASON_WORDS } from './report-reasons';

const bdi = (chunks: ReactNode[]) => <bdi>{chunks}</bdi>;

export function Moderation() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'nav.moderation', defaultMessage: 'Moderation' }));
  const access = trpc.moderation.access.useQuery();
  if (access.isPending) return <Loading label={intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading…' })} />;
  if (!access.data?.admin) {
    return (
      <div className="page narrow">
        <h1>
          <FormattedMessage id="nav.moderation" defaultMessage="Moderation" />
        </h1>
        <ErrorBox error={access.error ?? undefined} />
        {access.isSuccess && (
          <p className="notice">
            <FormattedMessage id="moderation.onlyModerators" defaultMessage="Only the site’s moderators can see this page." />
          </p>
        )}
      </div>
    );
  }
  return <ModerationScreen />;
}

/** After any action, every list on this screen (and what readers see) may have changed. */
function useRefresh() {
  const utils = trpc.useUtils();
  return () => {
    void utils.moderation.invalidate();
    void utils.stories.invalidate();
    void utils.social.invalidate();
    void utils.explore.invalidate();
  };
}

function ModerationScreen() {
  const [announcement, setAnnouncement] = useState('');
  return (
    <div className="page moderation-page">
      <h1>
        <ShieldCheck size={28} aria-hidden="true" /> <FormattedMessage id="nav.moderation" defaultMessage="Moderation" />
      </h1>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <Reports onDone={setAnnouncement} />
      <Withheld onDone={setAnnouncement} />
      <Log />
    </div>
  );
}

function Reports({ onDone }: { onDone: (message: string) => void }) {
  const intl = useIntl();
  const queue = trpc.moderation.queue.useQuery();
  return (
    <section aria-labelledby="reports-title" className="mod-section">
      <h2 id="reports-title">
        {queue.data ? (
          <FormattedMessage
            id="moderation.reports.count"
            defaultMessage="Reports waiting ({count})"
            values={{ count: queue.data.length }}
          />
        ) : (
          <FormattedMessage id="moderation.reports.title" defaultMessage="Reports waiting" />
        )}
      </h2>
      {queue.isPending ? (
        <Loading label={intl.formatMessage({ id: 'moderation.reports.loading', defaultMessage: 'Loading reports…' })} />
      ) : queue.isError ? (
        <ErrorBox error={queue.error} />
      ) : queue.data.length === 0 ? (
        <p className="empty-state">
          <FormattedMessage id="moderation.reports.none" defaultMessage="No reports are waiting. Thank you for looking after the site." />
        </p>
      ) : (
        <ul className="mod-items">
          {queue.data.map((item) => (
            <li key={item.target_key}>
              <ReportedItem item={item} onDone={onDone} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function describe(intl: IntlShape, item: QueueItem): string {
  const title = item.story_title ?? intl.formatMessage({ id: 'moderation.deletedStory', defaultMessage: 'a deleted story' });
  return item.kind === 'story'
    ? intl.formatMessage({ id: 'moderation.item.story', defaultMessage: 'Story “{title}” by {author}' }, { title, author: item.author })
    : intl.formatMessage(
        { id: 'moderation.item.comment', defaultMessage: 'Comment by {author} on “{title}”' },
        { title, author: item.author || intl.formatMessage({ id: 'moderation.someone', defaultMessage: 'someone' }) },
      );
}

function ReportedItem({ item, onDone }: { item: QueueItem; onDone: (message: string) => void }) {
  const intl = useIntl();
  const dates = useDates();
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const refresh = useRefresh();
  const after = (message: string) => () => {
    refresh();
    onDone(message);
  };
  const hide = trpc.moderation.hide.useMutation({
    onSuccess: after(intl.formatMessage({ id: 'moderation.done.hidden', defaultMessage: 'Hidden.' })),
  });
  const remove = trpc.moderation.remove.useMutation({
    onSuccess: after(intl.formatMessage({ id: 'moderation.done.deleted', defaultMessage: 'Deleted.' })),
  });
  const dismiss = trpc.moderation.dismiss.useMutation({
    onSuccess: after(intl.formatMessage({ id: 'moderation.done.dismissed', defaultMessage: 'Reports dismissed.' })),
  });
  const suspend = trpc.moderation.suspend.useMutation({
    onSuccess: after(intl.formatMessage({ id: 'moderation.done.suspended', defaultMessage: 'Account suspended.' })),
  });
  const pending = hide.isPending || remove.isPending || dismiss.isPending || suspend.isPending;
  const error = hide.error ?? remove.error ?? dismiss.error ?? suspend.error;
  const target =
    item.kind === 'story'
      ? ({ kind: 'story', story_username: item.story_username } as const)
      : ({ kind: 'comment', comment_id: item.comment_id ?? 0 } as const);
  const first = item.reports[0]!.report_id;
  const what = item.kind === 'story' ? 'story' : 'comment';

  /** Every action says why; the reason field is checked here first so the person is told right where they type. */
  const act = (run: (why: string) => void, confirmText?: string) => () => {
    const why = reason.trim();
    if (!why) {
      setMissing(true);
      document.getElementById(`${id}-reason`)?.focus();
      return;
    }
    if (confirmText && !window.confirm(confirmText)) return;
    setMissing(false);
    run(why);
  };

  return (
    <article className="card mod-item" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>
        <bdi>{describe(intl, item)}</bdi>
      </h3>
      <p className="mod-badges">
        {item.hidden && (
          <span className="mod-badge">
            <FormattedMessage id="moderation.badge.hidden" defaultMessage="Hidden" />
          </span>
        )}
        {item.author_suspended && (
          <span className="mod-badge">
            <FormattedMessage id="moderation.badge.authorSuspended" defaultMessage="Author suspended" />
          </span>
        )}
        {item.gone && (
          <span className="mod-badge">
            <FormattedMessage id="moderation.badge.gone" defaultMessage="Already deleted" />
          </span>
        )}
      </p>
      {item.text !== null && (
        <blockquote className="mod-quote" dir="auto">
          {item.text}
        </blockquote>
      )}
      {!item.gone && (
        <p>
          <Link href={storyPath(item.story_username)}>
            <FormattedMessage id="moderation.openStory" defaultMessage="Open the story" />
          </Link>
        </p>
      )}
      <h4>
        <FormattedMessage
          id="moderation.reportCount"
          defaultMessage="{count, plural, one {# report} other {# reports}}"
          values={{ count: item.reports.length }}
        />
      </h4>
      <ul className="mod-reports">
        {item.reports.map((r) => (
          <li key={r.report_id}>
            <strong>{intl.formatMessage(REASON_WORDS[r.reason])}</strong>
            <span className="muted">
              {' '}
              <FormattedMessage
                id="moderation.reportBy"
                defaultMessage="· by <bdi>{reporter}</bdi> · {date}"
                values={{
                  reporter: r.reporter ?? intl.formatMessage({ id: 'moderation.deletedAccount', defaultMessage: 'a deleted account' }),
                  date: dates.longDate(r.created_at),
                  bdi,
                }}
              />
            </span>
            {r.note && (
              <p className="mod-note" dir="auto">
                {r.note}
              </p>
            )}
          </li>
        ))}
      </ul>
      <div className="field">
        <label htmlFor={`${id}-reason`}>
          <FormattedMessage id="moderation.why.label" defaultMessage="Why? (kept in the moderation log)" />
        </label>
        <p className="field-hint" id={`${id}-hint`}>
          <FormattedMessage
            id="moderation.why.hint"
            defaultMessage="If you hide, delete or suspend, the person concerned is emailed this reason."
          />
        </p>
        <textarea
          id={`${id}-reason`}
          rows={2}
          value={reason}
          aria-invalid={missing ? true : undefined}
          aria-describedby={missing ? `${id}-hint ${id}-missing` : `${id}-hint`}
          onChange={(e) => setReason(e.target.value)}
        />
        {missing && (
          <p id={`${id}-missing`} className="field-error" role="alert">
            <FormattedMessage id="moderation.why.required" defaultMessage="Please say why before you act." />
          </p>
        )}
      </div>
      <ErrorBox error={error ?? undefined} />
      <div className="button-row">
        {!item.gone && !item.hidden && (
          <button
            type="button"
            className="button"
            disabled={pending}
            onClick={act((why) => hide.mutate({ target, reason: why, report_id: first }))}
          >
            <EyeOff size={17} aria-hidden="true" />
            <FormattedMessage
              id="moderation.hide"
              defaultMessage="{what, select, story {Hide story} other {Hide comment}}"
              values={{ what }}
            />
          </button>
        )}
        {!item.gone && (
          <button
            type="button"
            className="button danger"
            disabled={pending}
            onClick={act(
              (why) => remove.mutate({ target, reason: why, report_id: first }),
              intl.formatMessage(
                {
                  id: 'moderation.delete.confirm',
                  defaultMessage:
                    '{what, select, story {Delete this story for good? This cannot be undone.} other {Delete this comment for good? This cannot be undone.}}',
                },
                { what },
              ),
            )}
          >
            <Trash2 size={17} aria-hidden="true" />
            <FormattedMessage
              id="moderation.delete"
              defaultMessage="{what, select, story {Delete story} other {Delete comment}}"
              values={{ what }}
            />
          </button>
        )}
        <button
          type="button"
          className="button secondary"
          disabled={pending}
          onClick={act((why) => dismiss.mutate({ report_id: first, reason: why }))}
        >
          <X size={17} aria-hidden="true" />
          <FormattedMessage
            id="moderation.dismiss"
            defaultMessage="{count, plural, one {Dismiss report} other {Dismiss reports}}"
            values={{ count: item.reports.length }}
          />
        </button>
        {item.author && !item.author_suspended && (
          <button
            type="button"
            className="button danger"
            disabled={pending}
            onClick={act(
              (why) => suspend.mutate({ username: item.author, reason: why, report_id: first }),
              intl.formatMessage(
                {
                  id: 'moderation.suspend.confirm',
                  defaultMessage:
                    'Suspend {username}? They are signed out everywhere and cannot sign in, and their story, comments and profile are hidden until you unsuspend them.',
                },
                { username: item.author },
              ),
            )}
          >
            <UserX size={17} aria-hidden="true" />
            <FormattedMessage id="moderation.suspend" defaultMessage="Suspend {username}" values={{ username: item.author }} />
          </button>
        )}
      </div>
    </article>
  );
}

function Withheld({ onDone }: { onDone: (message: string) => void }) {
  const intl = useIntl();
  const withheld = trpc.moderation.withheld.useQuery();
  const data = withheld.data;
  const empty = data && data.stories.length + data.comments.length + data.accounts.length === 0;
  return (
    <section aria-labelledby="withheld-title" className="mod-section">
      <h2 id="withheld-title">
        <FormattedMessage id="moderation.withheld.title" defaultMessage="Hidden and suspended" />
      </h2>
      {withheld.isPending ? (
        <Loading label={intl.formatMessage({ id: 'common.loading', defaultMessage: 'Loading…' })} />
      ) : withheld.isError ? (
        <ErrorBox error={withheld.error} />
      ) : empty ? (
        <p className="empty-state">
          <FormattedMessage id="moderation.withheld.none" defaultMessage="Nothing is hidden and no one is suspended." />
        </p>
      ) : (
        <ul className="mod-withheld">
          {data!.stories.map((s) => (
            <li key={`s${s.story_username}`}>
              <UndoRow
                label={intl.formatMessage(
                  { id: 'moderation.item.story', defaultMessage: 'Story “{title}” by {author}' },
                  { title: s.title, author: s.story_username },
                )}
                since={s.hidden_at}
                action="restore"
                input={{ target: { kind: 'story', story_username: s.story_username } }}
                onDone={onDone}
              />
            </li>
          ))}
          {data!.comments.map((c) => (
            <li key={`c${c.comment_id}`}>
              <UndoRow
                label={intl.formatMessage(
                  { id: 'moderation.withheld.comment', defaultMessage: 'Comment by {author} on {owner}’s story: “{text}”' },
                  { author: c.author, owner: c.story_username, text: c.text },
                )}
                since={c.hidden_at}
                action="restore"
                input={{ target: { kind: 'comment', comment_id: c.comment_id } }}
                onDone={onDone}
              />
            </li>
          ))}
          {data!.accounts.map((a) => (
            <li key={`a${a.username}`}>
              <UndoRow
                label={intl.formatMessage(
                  { id: 'moderation.withheld.account', defaultMessage: 'Account {username}' },
                  { username: a.username },
                )}
                since={a.suspended_at}
                action="unsuspend"
                input={{ username: a.username }}
                onDone={onDone}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type UndoInput = { target: { kind: 'story'; story_username: string } | { kind: 'comment'; comment_id: number } } | { username: string };

function UndoRow({
  label,
  since,
  action,
  input,
  onDone,
}: {
  label: string;
  since: string;
  action: 'restore' | 'unsuspend';
  input: UndoInput;
  onDone: (message: string) => void;
}) {
  const intl = useIntl();
  const dates = useDates();
  const id = useId();
  const [reason, setReason] = useState('');
  const refresh = useRefresh();
  const done = (message: string) => () => {
    refresh();
    onDone(message);
  };
  const restore = trpc.moderation.restore.useMutation({
    onSuccess: done(intl.formatMessage({ id: 'moderation.done.restored', defaultMessage: 'Restored.' })),
  });
  const unsuspend = trpc.moderation.unsuspend.useMutation({
    onSuccess: done(intl.formatMessage({ id: 'moderation.done.unsuspended', defaultMessage: 'Account unsuspended.' })),
  });
  const pending = restore.isPending || unsuspend.isPending;
  const onClick = () => {
    if ('username' in input) unsuspend.mutate({ username: input.username, reason });
    else restore.mutate({ target: input.target, reason });
  };
  return (
    <div className="mod-undo">
      <p>
        <bdi>{label}</bdi>{' '}
        <span className="muted">
          <FormattedMessage id="moderation.since" defaultMessage="· since {date}" values={{ date: dates.longDate(since) }} />
        </span>
      </p>
      <div className="mod-undo-form">
        <div className="field">
          <label htmlFor={`${id}-why`}>
            <FormattedMessage id="moderation.undo.why" defaultMessage="Why?" />
          </label>
          <input
            id={`${id}-why`}
            type="text"
            value={reason}
            aria-describedby={`${id}-why-hint`}
            onChange={(e) => setReason(e.target.value)}
          />
          <p className="field-hint" id={`${id}-why-hint`}>
            <FormattedMessage id="moderation.undo.hint" defaultMessage="The person concerned is emailed this reason." />
          </p>
        </div>
        <button type="button" className="button secondary" disabled={pending} onClick={onClick}>
          {action === 'restore' ? <Eye size={17} aria-hidden="true" /> : <UserCheck size={17} aria-hidden="true" />}
          {action === 'restore' ? (
            <FormattedMessage id="moderation.restore" defaultMessage="Restore" />
          ) : (
            <FormattedMessage id="moderation.unsuspend" defaultMessage="Unsuspend" />
          )}
        </button>
      </div>
      <ErrorBox error={restore.error ?? unsuspend.error ?? undefined} />
    </div>
  );
}

/** "site_admin hid a comment by ruth": who, what they did, and to what, as one message so a language can order them. */
function logLine(intl: IntlShape, e: LogEntry): string {
  return intl.formatMessage(
    {
      id: 'moderation.log.line',
      defaultMessage:
        '{who} {action, select, hide {hid} restore {restored} delete {deleted} dismiss {dismissed} suspend {suspended} other {unsuspended}} {kind, select, account {the account {whose}} report {the reports about {whose}} story {the story by {whose}} other {a comment by {whose}}}',
    },
    {
      who: e.admin ?? intl.formatMessage({ id: 'moderation.log.formerModerator', defaultMessage: 'A moderator who has since left' }),
      whose: e.target_user ?? intl.formatMessage({ id: 'moderation.deletedAccount', defaultMessage: 'a deleted account' }),
      action: e.action,
      kind: e.target_kind,
    },
  );
}

function Log() {
  const intl = useIntl();
  const dates = useDates();
  const [page, setPage] = useState(1);
  const log = trpc.moderation.log.useQuery({ page });
  return (
    <section aria-labelledby="log-title" className="mod-section">
      <h2 id="log-title">
        <FormattedMessage id="moderation.log.title" defaultMessage="Moderation log" />
      </h2>
      {log.isPending ? (
        <Loading label={intl.formatMessage({ id: 'moderation.log.loading', defaultMessage: 'Loading the log…' })} />
      ) : log.isError ? (
        <ErrorBox error={log.error} />
      ) : log.data.length === 0 ? (
        <p className="empty-state">
          {page === 1 ? (
            <FormattedMessage id="moderation.log.none" defaultMessage="No moderation actions yet." />
          ) : (
            <FormattedMessage id="moderation.log.noOlder" defaultMessage="No older actions." />
          )}
        </p>
      ) : (
        <ol className="mod-log">
          {log.data.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{dates.dateTime(e.at)}</time>
              <p>
                <bdi>{logLine(intl, e)}</bdi>.
              </p>
              <p className="muted" dir="auto">
                <FormattedMessage id="moderation.log.why" defaultMessage="Why: {reason}" values={{ reason: e.reason }} />
              </p>
            </li>
          ))}
        </ol>
      )}
      <div className="button-row">
        {page > 1 && (
          <button type="button" className="button secondary" onClick={() => setPage(page - 1)}>
            <FormattedMessage id="moderation.log.newer" defaultMessage="Newer" />
          </button>
        )}
        {log.data?.length === 50 && (
          <button type="button" className="button secondary" onClick={() => setPage(page + 1)}>
            <FormattedMessage id="moderation.log.older" defaultMessage="Older" />
          </button>
        )}
      </div>
    </section>
  );
}
