// Notifications (ADR 0019): what happened around your story, newest first and grouped by week ("12 people
// liked your story this week"), marking as read, and what to be told about, including a weekly email.
import { Bookmark, Heart, MessageCircle, MessageCircleQuestion, MessagesSquare } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { NotificationGroup, NotificationSettings } from '#contract/notifications';
import { ErrorBox } from '../../components/error-box';
import { useDates } from '../../lib/i18n';
import { Loading } from '../../components/loading';
import { useDocumentTitle } from '../../components/use-document-title';
import { storyPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { WeeklyQuestionSettings } from '../weekly-question';
import '../../styles/notifications.css';
import { defineMessage, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl';

const ICONS = { like: Heart, save: Bookmark, comment: MessageCircle, reply: MessagesSquare, answer: MessageCircleQuestion } as const;

export function Notifications() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'notifications.title', defaultMessage: 'Notifications' }));
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery(undefined, { refetchOnWindowFocus: true });
  const refresh = () => Promise.all([utils.notifications.list.invalidate(), utils.notifications.unreadCount.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });
  const unread = list.data?.filter((g) => g.unread).length ?? 0;

  return (
    <div className="page narrow notifications-page">
      <p className="eyebrow">
        <FormattedMessage id="story.yourStory" defaultMessage="Your story" />
      </p>
      <h1>
        <FormattedMessage id="notifications.title" defaultMessage="Notifications" />
      </h1>
      <p className="muted">
        <FormattedMessage
          id="notifications.lede"
          defaultMessage="Who liked, saved or commented on your story, new comments where you have commented, and answers to your questions."
        />
      </p>
      <div className="button-row">
        <button type="button" className="button secondary" onClick={() => markAll.mutate()} disabled={unread === 0 || markAll.isPending}>
          <FormattedMessage id="notifications.markAll" defaultMessage="Mark all as read" />
        </button>
        <a href="#settings" className="button secondary">
          <FormattedMessage id="notifications.settings" defaultMessage="Notification settings" />
        </a>
      </div>
      <ErrorBox error={markRead.error ?? markAll.error} />
      <p className="visually-hidden" role="status">
        {list.data
          ? intl.formatMessage(
              { id: 'notifications.unread', defaultMessage: '{count, plural, =0 {No unread notifications.} other {# unread.}}' },
              { count: unread },
            )
          : ''}
      </p>
      {list.isPending ? (
        <Loading label={intl.formatMessage({ id: 'notifications.loading', defaultMessage: 'Loading your notifications…' })} />
      ) : list.isError ? (
        <ErrorBox error={list.error} />
      ) : list.data.length === 0 ? (
        <p className="notice">
          <FormattedMessage
            id="notifications.empty"
            defaultMessage="Nothing yet. When someone likes, saves or comments on your story, you will see it here."
          />
        </p>
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
  const intl = useIntl();
  const dates = useDates();
  return (
    <li className={group.unread ? 'notification unread' : 'notification'}>
      <Icon className="notification-icon" size={24} aria-hidden="true" />
      <div className="notification-body">
        <Link href={storyPath(group.story_username)} className="notification-text" onClick={() => group.unread && onRead()}>
          {group.unread && (
            <span className="visually-hidden">
              <FormattedMessage id="notifications.unreadMark" defaultMessage="Unread:" />{' '}
            </span>
          )}
          {group.text}
        </Link>
        <time className="notification-time" dateTime={group.at}>
          {dates.dateTime(group.at)}
        </time>
      </div>
      {group.unread && (
        <button
          type="button"
          className="button secondary small"
          onClick={onRead}
          disabled={busy}
          aria-label={intl.formatMessage(
            { id: 'notifications.markReadLabel', defaultMessage: 'Mark as read: {text}' },
            { text: group.text },
          )}
        >
          <FormattedMessage id="notifications.markRead" defaultMessage="Mark as read" />
        </button>
      )}
    </li>
  );
}

const CHOICES: { key: keyof NotificationSettings; label: MessageDescriptor }[] = [
  { key: 'likes', label: defineMessage({ id: 'notifications.setting.likes', defaultMessage: 'When someone likes my story' }) },
  {
    key: 'saves',
    label: defineMessage({ id: 'notifications.setting.saves', defaultMessage: 'How many people saved my story (never who)' }),
  },
  { key: 'comments', label: defineMessage({ id: 'notifications.setting.comments', defaultMessage: 'When someone comments on my story' }) },
  {
    key: 'replies',
    label: defineMessage({ id: 'notifications.setting.replies', defaultMessage: 'When someone comments after me on a story' }),
  },
  {
    key: 'weekly_digest',
    label: defineMessage({
      id: 'notifications.setting.digest',
      defaultMessage: 'Weekly email: a short summary of what is new, once a week',
    }),
  },
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
  const intl = useIntl();

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
      <h2 id="settings-title">
        <FormattedMessage id="notifications.settings" defaultMessage="Notification settings" />
      </h2>
      {settings.isPending ? (
        <Loading label={intl.formatMessage({ id: 'notifications.settings.loading', defaultMessage: 'Loading your settings…' })} />
      ) : settings.isError ? (
        <ErrorBox error={settings.error} />
      ) : (
        <form className="form" onSubmit={submit}>
          <fieldset>
            <legend className="field-label">
              <FormattedMessage id="notifications.tellMe" defaultMessage="Tell me" />
            </legend>
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
                <span>{intl.formatMessage(label)}</span>
              </label>
            ))}
          </fieldset>
          <ErrorBox error={update.error} />
          <p role="status" className={update.isSuccess ? 'notice notice-success' : undefined}>
            {update.isSuccess ? intl.formatMessage({ id: 'notifications.saved', defaultMessage: 'Your choices are saved.' }) : ''}
          </p>
          <div className="button-row">
            <button type="submit" className="button" disabled={update.isPending}>
              {update.isPending ? (
                <FormattedMessage id="draft.status.saving" defaultMessage="Saving…" />
              ) : (
                <FormattedMessage id="notifications.save" defaultMessage="Save settings" />
              )}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
