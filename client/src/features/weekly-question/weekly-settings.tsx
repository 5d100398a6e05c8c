// "One question a week" in the notification settings (docs/decisions/0031-one-question-a-week.md): start it with a day
// and a time, change them, pause it until Resume, or stop it. Times are the person's own: the browser's time zone goes
// with every change. The write screen's "Get one question a week by email" and the email's own link open it
// (/notifications#weekly-question).
import { useEffect, useId, useState } from 'react';
import type { WeeklyQuestionSetting, WeeklySchedule } from '#contract/weekly-question';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { trpc } from '../../lib/trpc';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../lib/i18n';
import {
  browserTimeZone,
  clockWords,
  DAYS,
  dayName,
  defaultSchedule,
  nextWords,
  timeChoices,
  WEEKLY_QUESTION_ANCHOR,
} from './schedule-words';
import '../../styles/weekly-question.css';

const scheduleOf = (s: WeeklyQuestionSetting): WeeklySchedule =>
  s.day === null || s.minute === null ? defaultSchedule() : { day: s.day, minute: s.minute, time_zone: browserTimeZone() };

export function WeeklyQuestionSettings() {
  const id = useId();
  const intl = useIntl();
  const locale = useLocale();
  const utils = trpc.useUtils();
  const setting = trpc.weeklyQuestion.get.useQuery();
  const [form, setForm] = useState<WeeklySchedule | null>(null);
  const [said, setSaid] = useState('');
  const done = (message: string) => (saved: WeeklyQuestionSetting) => {
    utils.weeklyQuestion.get.setData(undefined, saved);
    setForm(scheduleOf(saved));
    setSaid(message);
  };
  const set = trpc.weeklyQuestion.set.useMutation();
  const pause = trpc.weeklyQuestion.pause.useMutation({
    onSuccess: done(intl.formatMessage({ id: 'weekly.said.paused', defaultMessage: 'Paused.' })),
  });
  const resume = trpc.weeklyQuestion.resume.useMutation({
    onSuccess: done(intl.formatMessage({ id: 'weekly.said.resumed', defaultMessage: 'Resumed.' })),
  });
  const stop = trpc.weeklyQuestion.stop.useMutation({
    onSuccess: done(intl.formatMessage({ id: 'weekly.said.stopped', defaultMessage: 'Stopped.' })),
  });
  const busy = set.isPending || pause.isPending || resume.isPending || stop.isPending;
  const error = set.error ?? pause.error ?? resume.error ?? stop.error;

  // The write screen's link and the email's open /notifications#weekly-question: bring the section into view.
  useEffect(() => {
    if (setting.data && window.location.hash === `#${WEEKLY_QUESTION_ANCHOR}`)
      document.getElementById(WEEKLY_QUESTION_ANCHOR)?.scrollIntoView();
  }, [setting.data]);

  const current = setting.data;
  const chosen = form ?? (current ? scheduleOf(current) : null);
  const changed =
    current !== undefined && chosen !== null && current.state !== 'off' && (chosen.day !== current.day || chosen.minute !== current.minute);
  const save = (schedule: WeeklySchedule, message: string) => {
    for (const m of [pause, resume, stop]) m.reset();
    set.mutate(schedule, { onSuccess: done(message) });
  };

  return (
    <section className="card weekly-question-settings" id={WEEKLY_QUESTION_ANCHOR} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="weekly.title" defaultMessage="One question a week" />
      </h2>
      <p className="muted">
        <FormattedMessage
          id="weekly.lede"
          defaultMessage="A question by email to help you write, on the day and at the time you choose. Answer it on the site, or simply reply to the email: your answer goes into your draft, and nothing is published until you press Save Story."
        />
      </p>
      {setting.isPending ? (
        <Loading label={intl.formatMessage({ id: 'weekly.loading', defaultMessage: 'Loading your setting…' })} />
      ) : setting.isError || !current || !chosen ? (
        <ErrorBox error={setting.error} />
      ) : (
        <form
          className="form"
          onSubmit={(e) => {
            e.preventDefault();
            save(
              chosen,
              current.state === 'off'
                ? intl.formatMessage({ id: 'weekly.said.started', defaultMessage: 'Started.' })
                : intl.formatMessage({ id: 'weekly.said.saved', defaultMessage: 'Saved.' }),
            );
          }}
        >
          <p className="weekly-question-state">
            {current.state === 'on' && current.next_at ? (
              <FormattedMessage
                id="weekly.state.on"
                defaultMessage="On. The next question comes on {day} at {time}."
                values={nextWords(current.next_at, locale)}
              />
            ) : current.state === 'paused' ? (
              <FormattedMessage id="weekly.state.paused" defaultMessage="Paused. No questions are sent until you resume." />
            ) : (
              <FormattedMessage id="weekly.state.off" defaultMessage="Off. No questions are sent." />
            )}
          </p>
          <div className="form-row weekly-question-when">
            <div className="field">
              <label htmlFor={`${id}-day`}>
                <FormattedMessage id="weekly.day" defaultMessage="Day" />
              </label>
              <select
                id={`${id}-day`}
                value={chosen.day}
                onChange={(e) => {
                  setSaid('');
                  setForm({ ...chosen, day: Number(e.target.value) });
                }}
              >
                {DAYS.map((d, i) => (
                  <option key={d} value={i}>
                    {dayName(i, locale)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-time`}>
                <FormattedMessage id="weekly.time" defaultMessage="Time" />
              </label>
              <select
                id={`${id}-time`}
                value={chosen.minute}
                onChange={(e) => {
                  setSaid('');
                  setForm({ ...chosen, minute: Number(e.target.value) });
                }}
              >
                {timeChoices(chosen.minute).map((m) => (
                  <option key={m} value={m}>
                    {clockWords(m, locale)}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <p className="field-hint">
            <FormattedMessage
              id="weekly.clock"
              defaultMessage="Times are on your own clock ({zone})."
              values={{ zone: chosen.time_zone.replace(/_/g, ' ') }}
            />
          </p>
          <ErrorBox error={error} />
          <p role="status" className={said ? 'notice notice-success' : undefined}>
            {said}
          </p>
          <div className="button-row">
            {current.state === 'off' ? (
              <button type="submit" className="button" disabled={busy}>
                <FormattedMessage id="weekly.start" defaultMessage="Start" />
              </button>
            ) : (
              changed && (
                <button type="submit" className="button" disabled={busy}>
                  <FormattedMessage id="weekly.save" defaultMessage="Save day and time" />
                </button>
              )
            )}
            {current.state === 'on' && (
              <button type="button" className="button secondary" disabled={busy} onClick={() => pause.mutate()}>
                <FormattedMessage id="weekly.pause" defaultMessage="Pause" />
              </button>
            )}
            {current.state === 'paused' && (
              <button type="button" className="button" disabled={busy} onClick={() => resume.mutate()}>
                <FormattedMessage id="weekly.resume" defaultMessage="Resume" />
              </button>
            )}
            {current.state !== 'off' && (
              <button type="button" className="button secondary" disabled={busy} onClick={() => stop.mutate()}>
                <FormattedMessage id="weekly.stop" defaultMessage="Stop" />
              </button>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
