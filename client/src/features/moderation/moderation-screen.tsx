// The moderation screen (docs/decisions/0020-moderation.md), for admins: the open reports with the reported story or
// comment in context, what is hidden or suspended now, and the log of every action. Each action asks why; the log
// keeps it. The server checks the role on every call; this screen only reads `moderation.access` to say so clearly.
import { Eye, EyeOff, ShieldCheck, Trash2, UserCheck, UserX, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { LogEntry, QueueItem } from '#contract/moderation';
import { REPORT_REASONS } from '#contract/moderation-report-reasons';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { formatDateTime, formatLongDate } from '../../lib/dates';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import '../../styles/moderation.css';

export function Moderation() {
  useDocumentTitle('Moderation');
  const access = trpc.moderation.access.useQuery();
  if (access.isPending) return <Loading label="Loading…" />;
  if (!access.data?.admin) {
    return (
      <div className="page narrow">
        <h1>Moderation</h1>
        <ErrorBox error={access.error ?? undefined} />
        {access.isSuccess && <p className="notice">Only the site’s moderators can see this page.</p>}
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
        <ShieldCheck size={28} aria-hidden="true" /> Moderation
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
  const queue = trpc.moderation.queue.useQuery();
  return (
    <section aria-labelledby="reports-title" className="mod-section">
      <h2 id="reports-title">Reports waiting{queue.data ? ` (${queue.data.length})` : ''}</h2>
      {queue.isPending ? (
        <Loading label="Loading reports…" />
      ) : queue.isError ? (
        <ErrorBox error={queue.error} />
      ) : queue.data.length === 0 ? (
        <p className="empty-state">No reports are waiting. Thank you for looking after the site.</p>
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

function describe(item: QueueItem): string {
  const title = item.story_title ?? 'a deleted story';
  return item.kind === 'story' ? `Story “${title}” by ${item.author}` : `Comment by ${item.author || 'someone'} on “${title}”`;
}

function ReportedItem({ item, onDone }: { item: QueueItem; onDone: (message: string) => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const refresh = useRefresh();
  const after = (message: string) => () => {
    refresh();
    onDone(message);
  };
  const hide = trpc.moderation.hide.useMutation({ onSuccess: after('Hidden.') });
  const remove = trpc.moderation.remove.useMutation({ onSuccess: after('Deleted.') });
  const dismiss = trpc.moderation.dismiss.useMutation({ onSuccess: after('Reports dismissed.') });
  const suspend = trpc.moderation.suspend.useMutation({ onSuccess: after('Account suspended.') });
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
        <bdi>{describe(item)}</bdi>
      </h3>
      <p className="mod-badges">
        {item.hidden && <span className="mod-badge">Hidden</span>}
        {item.author_suspended && <span className="mod-badge">Author suspended</span>}
        {item.gone && <span className="mod-badge">Already deleted</span>}
      </p>
      {item.text !== null && (
        <blockquote className="mod-quote" dir="auto">
          {item.text}
        </blockquote>
      )}
      {!item.gone && (
        <p>
          <Link href={storyPath(item.story_username)}>Open the story</Link>
        </p>
      )}
      <h4>{item.reports.length === 1 ? '1 report' : `${item.reports.length} reports`}</h4>
      <ul className="mod-reports">
        {item.reports.map((r) => (
          <li key={r.report_id}>
            <strong>{REPORT_REASONS[r.reason]}</strong>
            <span className="muted">
              {' '}
              · by <bdi>{r.reporter ?? 'a deleted account'}</bdi> · {formatLongDate(r.created_at)}
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
        <label htmlFor={`${id}-reason`}>Why? (kept in the moderation log)</label>
        <p className="field-hint" id={`${id}-hint`}>
          If you hide, delete or suspend, the person concerned is emailed this reason.
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
            Please say why before you act.
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
            Hide {what}
          </button>
        )}
        {!item.gone && (
          <button
            type="button"
            className="button danger"
            disabled={pending}
            onClick={act(
              (why) => remove.mutate({ target, reason: why, report_id: first }),
              `Delete this ${what} for good? This cannot be undone.`,
            )}
          >
            <Trash2 size={17} aria-hidden="true" />
            Delete {what}
          </button>
        )}
        <button
          type="button"
          className="button secondary"
          disabled={pending}
          onClick={act((why) => dismiss.mutate({ report_id: first, reason: why }))}
        >
          <X size={17} aria-hidden="true" />
          Dismiss {item.reports.length === 1 ? 'report' : 'reports'}
        </button>
        {item.author && !item.author_suspended && (
          <button
            type="button"
            className="button danger"
            disabled={pending}
            onClick={act(
              (why) => suspend.mutate({ username: item.author, reason: why, report_id: first }),
              `Suspend ${item.author}? They are signed out everywhere and cannot sign in, and their story, comments and profile are hidden until you unsuspend them.`,
            )}
          >
            <UserX size={17} aria-hidden="true" />
            Suspend {item.author}
          </button>
        )}
      </div>
    </article>
  );
}

function Withheld({ onDone }: { onDone: (message: string) => void }) {
  const withheld = trpc.moderation.withheld.useQuery();
  const data = withheld.data;
  const empty = data && data.stories.length + data.comments.length + data.accounts.length === 0;
  return (
    <section aria-labelledby="withheld-title" className="mod-section">
      <h2 id="withheld-title">Hidden and suspended</h2>
      {withheld.isPending ? (
        <Loading label="Loading…" />
      ) : withheld.isError ? (
        <ErrorBox error={withheld.error} />
      ) : empty ? (
        <p className="empty-state">Nothing is hidden and no one is suspended.</p>
      ) : (
        <ul className="mod-withheld">
          {data!.stories.map((s) => (
            <li key={`s${s.story_username}`}>
              <UndoRow
                label={`Story “${s.title}” by ${s.story_username}`}
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
                label={`Comment by ${c.author} on ${c.story_username}’s story: “${c.text}”`}
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
                label={`Account ${a.username}`}
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
  const id = useId();
  const [reason, setReason] = useState('');
  const refresh = useRefresh();
  const done = (message: string) => () => {
    refresh();
    onDone(message);
  };
  const restore = trpc.moderation.restore.useMutation({ onSuccess: done('Restored.') });
  const unsuspend = trpc.moderation.unsuspend.useMutation({ onSuccess: done('Account unsuspended.') });
  const pending = restore.isPending || unsuspend.isPending;
  const onClick = () => {
    if ('username' in input) unsuspend.mutate({ username: input.username, reason });
    else restore.mutate({ target: input.target, reason });
  };
  return (
    <div className="mod-undo">
      <p>
        <bdi>{label}</bdi> <span className="muted">· since {formatLongDate(since)}</span>
      </p>
      <div className="mod-undo-form">
        <div className="field">
          <label htmlFor={`${id}-why`}>Why?</label>
          <input
            id={`${id}-why`}
            type="text"
            value={reason}
            aria-describedby={`${id}-why-hint`}
            onChange={(e) => setReason(e.target.value)}
          />
          <p className="field-hint" id={`${id}-why-hint`}>
            The person concerned is emailed this reason.
          </p>
        </div>
        <button type="button" className="button secondary" disabled={pending} onClick={onClick}>
          {action === 'restore' ? <Eye size={17} aria-hidden="true" /> : <UserCheck size={17} aria-hidden="true" />}
          {action === 'restore' ? 'Restore' : 'Unsuspend'}
        </button>
      </div>
      <ErrorBox error={restore.error ?? unsuspend.error ?? undefined} />
    </div>
  );
}

const ACTION_WORDS: Record<LogEntry['action'], string> = {
  hide: 'hid',
  restore: 'restored',
  delete: 'deleted',
  dismiss: 'dismissed',
  suspend: 'suspended',
  unsuspend: 'unsuspended',
};

function logLine(e: LogEntry): string {
  const who = e.admin ?? 'A moderator who has since left';
  const whose = e.target_user ?? 'a deleted account';
  const what =
    e.target_kind === 'account'
      ? `the account ${whose}`
      : e.target_kind === 'report'
        ? `the reports about ${whose}`
        : e.target_kind === 'story'
          ? `the story by ${whose}`
          : `a comment by ${whose}`;
  return `${who} ${ACTION_WORDS[e.action]} ${what}`;
}

function Log() {
  const [page, setPage] = useState(1);
  const log = trpc.moderation.log.useQuery({ page });
  return (
    <section aria-labelledby="log-title" className="mod-section">
      <h2 id="log-title">Moderation log</h2>
      {log.isPending ? (
        <Loading label="Loading the log…" />
      ) : log.isError ? (
        <ErrorBox error={log.error} />
      ) : log.data.length === 0 ? (
        <p className="empty-state">{page === 1 ? 'No moderation actions yet.' : 'No older actions.'}</p>
      ) : (
        <ol className="mod-log">
          {log.data.map((e) => (
            <li key={e.id}>
              <time dateTime={e.at}>{formatDateTime(e.at)}</time>
              <p>
                <bdi>{logLine(e)}</bdi>.
              </p>
              <p className="muted" dir="auto">
                Why: {e.reason}
              </p>
            </li>
          ))}
        </ol>
      )}
      <div className="button-row">
        {page > 1 && (
          <button type="button" className="button secondary" onClick={() => setPage(page - 1)}>
            Newer
          </button>
        )}
        {log.data?.length === 50 && (
          <button type="button" className="button secondary" onClick={() => setPage(page + 1)}>
            Older
          </button>
        )}
      </div>
    </section>
  );
}
