// Notifications (ADR 0019): what happened around your story, newest first and grouped by week ("12 people
// liked your story this week"), marking as read, and what to be told about, including a weekly email.
import { Bookmark, Heart, MessageCircle, MessageCircleQuestion, MessagesSquare } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { NotificationGroup, NotificationSettings } from '#contract/notifications';
import { ErrorBox } from '../../components/error-box';
import { formatDateTime } from '../../lib/dates';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { WeeklyQuestionSettings } from '../weekly-question';
import '../../styles/notifications.css';

const ICONS = { like: Heart, save: Bookmark, comment: MessageCircle, reply: MessagesSquare, answer: MessageCircleQuestion } as const;

export function Notifications() {
  useDocumentTitle('Notifications');
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery(undefined, { refetchOnWindowFocus: true });
  const refresh = () => Promise.all([utils.notifications.list.invalidate(), utils.notifications.unreadCount.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const unread = list.data?.filter((g) => g.unread).length ?? 0;

  return (
    <div className="page narrow notifications-page">
      <p className="eyebrow">Your story</p>
      <h1>Notifications</h1>
      <p className="muted">
        Who liked, saved or commented on your story, new comments where you have commented, and answers to your questions.
      </p>
      <div className="button-row">
        <button type="button" className="button secondary" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
          Mark all as read
        </button>
        <a href="#settings" className="button secondary">
          Notification settings
        </a>
      </div>
      <ErrorBox error={markRead.error ?? markAll.error} />
      <p className="visually-hidden" role="status">
        {list.data ? (unread === 0 ? 'No unread notifications.' : `${unread} unread.`) : ''}
      </p>
      {list.isPending ? (
        <Loading label="Loading your notifications…" />
      ) : list.isError ? (
        <ErrorBox error={list.error} />
      ) : list.data.length === 0 ? (
        <p className="notice">Nothing yet. When someone likes, saves or comments on your story, you will see it here.</p>
      ) : (
        <ul className="notification-list">
          {list.data.map((g) => (
            <NotificationItem key={g.key} group={g} onRead={() => markRead.mutate({ key: g.key })} busy={markRead.isPending} />
          ))}
        </ul>
      )}
      <NotificationSettingsForm />
      <WeeklyQuestionSettings />
    </div>
  );
}

function NotificationItem({ group, onRead, busy }: { group: NotificationGroup; onRead: () => void; busy: boolean }) {
  const Icon = ICONS[group.kind];
  return (
    <li className={group.unread ? 'notification unread' : 'notification'}>
      <Icon className="notification-icon" size={24} aria-hidden="true" />
      <div className="notification-body">
        <Link href={storyPath(group.story_username)} className="notification-text" onClick={() => group.unread && onRead()}>
          {group.unread && <span className="visually-hidden">Unread: </span>}
          {group.text}
        </Link>
        <time className="notification-time" dateTime={group.at}>
          {formatDateTime(group.at)}
        </time>
      </div>
      {group.unread && (
        <button
          type="button"
          className="button secondary small"
          onClick={onRead}
          disabled={busy}
          aria-label={`Mark as read: ${group.text}`}
        >
          Mark as read
        </button>
      )}
    </li>
  );
}

const CHOICES: { key: keyof NotificationSettings; label: string }[] = [
  { key: 'likes', label: 'When someone likes my story' },
  { key: 'saves', label: 'How many people saved my story (never who)' },
  { key: 'comments', label: 'When someone comments on my story' },
  { key: 'replies', label: 'When someone comments after me on a story' },
  { key: 'weekly_digest', label: 'Weekly email: a short summary of what is new, once a week' },
];

function NotificationSettingsForm() {
  const utils = trpc.useUtils();
  const settings = trpc.notifications.settings.useQuery();
  const [form, setForm] = useState<NotificationSettings | null>(null);
  const update = trpc.notifications.updateSettings.useMutation({
    onSuccess: async (saved) => {
      utils.notifications.settings.setData(undefined, saved);
      setForm(saved);
      await Promise.all([utils.notifications.list.invalidate(), utils.notifications.unreadCount.invalidate()]);
    },
  });
  const current = form ?? settings.data;

  // The weekly email's "turn it off here" link opens /notifications#settings: bring the form into view.
  useEffect(() => {
    if (settings.data && window.location.hash === '#settings') document.getElementById('settings')?.scrollIntoView();
  }, [settings.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (current) update.mutate(current);
  };

  return (
    <section className="card notification-settings" id="settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Notification settings</h2>
      {settings.isPending ? (
        <Loading label="Loading your settings…" />
      ) : settings.isError ? (
        <ErrorBox error={settings.error} />
      ) : (
        <form className="form" onSubmit={submit}>
          <fieldset>
            <legend className="field-label">Tell me</legend>
            {CHOICES.map(({ key, label }) => (
              <label key={key} className="setting-check">
                <input
                  type="checkbox"
                  name={key}
                  checked={current?.[key] ?? false}
                  onChange={(e) => {
                    update.reset();
                    setForm({ ...(current as NotificationSettings), [key]: e.target.checked });
                  }}
                />
                <span>{label}</span>
              </label>
            ))}
          </fieldset>
          <ErrorBox error={update.error} />
          <p role="status" className={update.isSuccess ? 'notice notice-success' : undefined}>
            {update.isSuccess ? 'Your choices are saved.' : ''}
          </p>
          <div className="button-row">
            <button type="submit" className="button" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save settings'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
