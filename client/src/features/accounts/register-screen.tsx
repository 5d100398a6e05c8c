import { type ReactNode, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LIMITS } from '#contract/limits';
import { AuthScreen } from '../../components/auth-screen';
import { ErrorBox } from '../../components/error-box';
import { PasswordField } from './password-field';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/use-document-title';
import { ageOn } from '../../lib/dates';
import { fieldErrors } from '../../lib/errors';
import { safeNextPath } from '../../lib/paths';
import { trpc } from '../../lib/trpc';
import { DAYS, defaultSchedule, timeWords } from '../weekly-question';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Locale } from '#contract/locale';
import { useLocale } from '../../lib/i18n';

const EMPTY = { first_name: '', last_name: '', username: '', email: '', dob: '', password: '', confirm: '' };
type Form = typeof EMPTY;
type Problems = Partial<Record<keyof Form, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The client's own checks (the server checks everything again). */
function check(form: Form, today = new Date()): { problems: Problems; banner: string | null } {
  const problems: Problems = {};
  if (!form.username.trim()) problems.username = 'Username is required.';
  if (!form.email.trim()) problems.email = 'Email is required.';
  else if (!EMAIL.test(form.email.trim())) problems.email = 'Please enter a valid email address.';
  if (!form.dob) problems.dob = 'Date of birth is required.';
  if (!form.password) problems.password = 'Password is required.';
  if (!form.confirm) problems.confirm = 'Please confirm your password.';
  let banner: string | null = null;
  if (form.dob && ageOn(form.dob, today) < LIMITS.minimumAge) banner = 'You must be at least 16 years old to register.';
  else if (form.password && form.confirm && form.password !== form.confirm) banner = 'Passwords do not match.';
  return { problems, banner };
}

/** A weekday (0 Sunday) in the interface's language: the spec's English names, else Intl's. */
function weekdayName(day: number, locale: Locale): string {
  if (locale === 'en') return DAYS[day] ?? '';
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));
}

/** "10:00 AM" in English, the 24-hour "10:00" in Spanish. */
function clockTime(minute: number, locale: Locale): string {
  if (locale === 'en') return timeWords(minute);
  return `${Math.floor(minute / 60)}:${String(minute % 60).padStart(2, '0')}`;
}

export function Register() {
  const intl = useIntl();
  const locale = useLocale();
  useDocumentTitle(intl.formatMessage({ id: 'register.title', defaultMessage: 'Create your account' }));
  const [, navigate] = useLocation();
  const next = safeNextPath(new URLSearchParams(useSearch()).get('next'));
  const [form, setForm] = useState(EMPTY);
  const [problems, setProblems] = useState<Problems>({});
  const [banner, setBanner] = useState<string | null>(null);
  // "Send me one question a week": unticked; when ticked, today's weekday at 10:00 on the browser's clock (ADR 0031).
  const [weekly, setWeekly] = useState(false);
  const [schedule] = useState(defaultSchedule);
  const weeklyHint = useId();
  const register = trpc.accounts.register.useMutation({
    // With REQUIRE_EMAIL_VERIFICATION the person stays here to read where the link went (ADR 0019).
    onSuccess: (done) => {
      // The address goes in the history entry's state, not the URL: the sign-in form starts with it filled in.
      if (!done.verification_sent_to)
        navigate(`/login?registered=1${next ? `&next=${encodeURIComponent(next)}` : ''}`, { state: { email: form.email.trim() } });
    },
  });
  const serverFields = fieldErrors(register.error);

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = check(form);
    setProblems(result.problems);
    setBanner(result.banner);
    if (Object.keys(result.problems).length > 0 || result.banner) return;
    const { confirm: _confirm, ...input } = form;
    register.mutate(weekly ? { ...input, weekly_question: schedule } : input);
  };

  const fieldError = (key: keyof Form) => problems[key] ?? serverFields[key];
  const today = new Date().toISOString().slice(0, 10);

  const sentTo = register.data?.verification_sent_to;
  if (sentTo) {
    return (
      <AuthScreen>
        <h1>
          <FormattedMessage id="register.checkEmail" defaultMessage="Check your email" />
        </h1>
        <p className="notice" role="status">
          <FormattedMessage
            id="register.linkSent"
            defaultMessage="We've sent a link to <b>{email}</b>. Open it and press the button on the page to confirm your address; then you can sign in."
            values={{ email: sentTo, b: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
          />
        </p>
        <p>
          <FormattedMessage
            id="register.linkHelp"
            defaultMessage="The link works for 48 hours. If the email does not arrive in a few minutes, look in your spam folder, or sign in to have it sent again."
          />
        </p>
        <Link href={next ? `/login?next=${encodeURIComponent(next)}` : '/login'} className="button large">
          <FormattedMessage id="register.goToSignIn" defaultMessage="Go to sign in" />
        </Link>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen>
      <h1>
        <FormattedMessage id="register.title" defaultMessage="Create your account" />
      </h1>
      <p className="muted">
        <FormattedMessage id="register.lede" defaultMessage="One account, one life story. You can keep your name private at any time." />
      </p>
      <ErrorBox message={banner} />
      <ErrorBox error={register.error} />
      <form className="form" onSubmit={submit} noValidate>
        <div className="form-row">
          <TextField
            label={intl.formatMessage({ id: 'field.firstName', defaultMessage: 'First name' })}
            name="first_name"
            autoComplete="given-name"
            maxLength={LIMITS.nameMax}
            value={form.first_name}
            onChange={set('first_name')}
            error={fieldError('first_name')}
          />
          <TextField
            label={intl.formatMessage({ id: 'field.lastName', defaultMessage: 'Last name' })}
            name="last_name"
            autoComplete="family-name"
            maxLength={LIMITS.nameMax}
            value={form.last_name}
            onChange={set('last_name')}
            error={fieldError('last_name')}
          />
        </div>
        <TextField
          label={intl.formatMessage({ id: 'field.username', defaultMessage: 'Username' })}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LIMITS.usernameMax}
          hint={intl.formatMessage({
            id: 'register.usernameHint',
            defaultMessage: "3 to 30 characters: letters, digits, underscore or dot. Your story's address uses it.",
          })}
          value={form.username}
          onChange={set('username')}
          error={fieldError('username')}
          required
        />
        <TextField
          label={intl.formatMessage({ id: 'field.email', defaultMessage: 'Email' })}
          type="email"
          name="email"
          autoComplete="email"
          value={form.email}
          onChange={set('email')}
          error={fieldError('email')}
          required
        />
        <TextField
          label={intl.formatMessage({ id: 'field.dob', defaultMessage: 'Date of birth' })}
          type="date"
          name="dob"
          autoComplete="bday"
          max={today}
          value={form.dob}
          onChange={set('dob')}
          error={fieldError('dob')}
          required
        />
        <PasswordField
          label={intl.formatMessage({ id: 'field.password', defaultMessage: 'Password' })}
          name="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          value={form.password}
          onChange={set('password')}
          error={fieldError('password')}
          required
        />
        <PasswordField
          label={intl.formatMessage({ id: 'field.confirmPassword', defaultMessage: 'Confirm password' })}
          name="confirm"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={fieldError('confirm')}
          required
        />
        <div className="field">
          <label className="setting-check">
            <input
              type="checkbox"
              name="weekly_question"
              aria-describedby={weeklyHint}
              checked={weekly}
              onChange={(e) => setWeekly(e.target.checked)}
            />
            <span>
              <FormattedMessage id="register.weekly" defaultMessage="Send me one question a week to help me write" />
            </span>
          </label>
          <p className="field-hint" id={weeklyHint}>
            <FormattedMessage
              id="register.weeklyHint"
              defaultMessage="By email, on {day}s at {time}. Answer on the site or simply reply. You can change the day and time, or stop, in your settings."
              values={{ day: weekdayName(schedule.day, locale), time: clockTime(schedule.minute, locale) }}
            />
          </p>
        </div>
        <button type="submit" className="button large" disabled={register.isPending}>
          {register.isPending ? (
            <FormattedMessage id="register.creating" defaultMessage="Creating your account…" />
          ) : (
            <FormattedMessage id="register.submit" defaultMessage="Register" />
          )}
        </button>
      </form>
      <p className="auth-switch">
        <FormattedMessage
          id="register.haveAccount"
          defaultMessage="Already have an account? <link>Login</link>"
          values={{ link: (chunks) => <Link href={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}>{chunks}</Link> }}
        />
      </p>
    </AuthScreen>
  );
}
