import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { EMAIL_NOT_VERIFIED_START } from '#contract/accounts-sign-in-messages';
import { AuthScreen } from '../../components/auth-screen';
import { ErrorBox } from '../../components/error-box';
import { PasswordField } from './password-field';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorCode, errorMessage } from '../../lib/errors';
import { safeNextPath } from '../../lib/paths';
import { useLocale, useSwitchLocale } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { signedIn } from '../../state/session';
import { FormattedMessage, useIntl } from 'react-intl';

export function Login() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'login.title', defaultMessage: 'Sign in' }));
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const next = safeNextPath(params.get('next'));
  const justRegistered = params.get('registered') === '1';
  // Just registered (register-screen.tsx): the address they typed, kept in the history entry's state.
  const [email, setEmail] = useState(() => (justRegistered ? registeredEmail() : ''));
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const utils = trpc.useUtils();
  const locale = useLocale();
  const switchLocale = useSwitchLocale();
  const login = trpc.accounts.login.useMutation({
    onSuccess: async ({ user_info, locale: chosen }) => {
      signedIn({ user_info });
      // The account's own language at once, not from the next page load (docs/decisions/0042-interface-languages.md).
      if (chosen && chosen !== locale) await switchLocale(chosen);
      await utils.invalidate();
      navigate(next ?? '/', { replace: true });
    },
  });

  // REQUIRE_EMAIL_VERIFICATION (ADR 0019): the right password of an unconfirmed account; offer a new link.
  const resend = trpc.emailVerification.resend.useMutation();
  const needsConfirming = errorCode(login.error) === 'FORBIDDEN' && errorMessage(login.error).startsWith(EMAIL_NOT_VERIFIED_START);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    resend.reset();
    const problems = { email: email.trim() ? undefined : 'Email is required.', password: password ? undefined : 'Password is required.' };
    setMissing(problems);
    if (problems.email || problems.password) return;
    login.mutate({ email, password });
  };

  // Wrong email or password gets the spec's sentence; a rate limit or an outage says what it is.
  const failure = login.error
    ? errorCode(login.error) === 'UNAUTHORIZED' || errorCode(login.error) === 'BAD_REQUEST'
      ? 'Incorrect email or password.'
      : errorMessage(login.error)
    : null;

  return (
    <AuthScreen>
      {/* A new account has not been here before: "Welcome back" would puzzle (issue #26). */}
      <h1>
        {justRegistered ? (
          <FormattedMessage id="login.welcome" defaultMessage="Welcome" />
        ) : (
          <FormattedMessage id="login.welcomeBack" defaultMessage="Welcome back" />
        )}
      </h1>
      {justRegistered && !failure && (
        <p className="notice" role="status">
          <FormattedMessage id="login.registered" defaultMessage="Your account is ready: sign in to start writing." />
        </p>
      )}
      {next && !justRegistered && (
        <p className="muted">
          <FormattedMessage id="login.toContinue" defaultMessage="Sign in to continue." />
        </p>
      )}
      <ErrorBox message={failure} />
      {needsConfirming &&
        (resend.isSuccess ? (
          <p className="notice" role="status">
            {resend.data.message}
          </p>
        ) : (
          <>
            <ErrorBox error={resend.error} />
            {/* A paragraph of its own: the same space below it as the notices have. */}
            <p>
              <button type="button" className="button large" onClick={() => resend.mutate({ email })} disabled={resend.isPending}>
                {resend.isPending ? (
                  <FormattedMessage id="login.resend.sending" defaultMessage="Sending…" />
                ) : (
                  <FormattedMessage id="login.resend" defaultMessage="Send the link again" />
                )}
              </button>
            </p>
          </>
        ))}
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          label={intl.formatMessage({ id: 'field.email', defaultMessage: 'Email' })}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={missing.email}
          required
        />
        <PasswordField
          label={intl.formatMessage({ id: 'field.password', defaultMessage: 'Password' })}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={missing.password}
          required
        />
        <p className="forgot-password">
          <Link href="/forgot-password">
            <FormattedMessage id="login.forgot" defaultMessage="Forgot your password?" />
          </Link>
        </p>
        <button type="submit" className="button large" disabled={login.isPending}>
          {login.isPending ? (
            <FormattedMessage id="login.signingIn" defaultMessage="Signing in…" />
          ) : (
            <FormattedMessage id="login.submit" defaultMessage="Login" />
          )}
        </button>
      </form>
      <p className="auth-switch">
        <FormattedMessage
          id="login.newHere"
          defaultMessage="New here? <link>Create an account</link>"
          values={{ link: (chunks) => <Link href={next ? `/register?next=${encodeURIComponent(next)}` : '/register'}>{chunks}</Link> }}
        />
      </p>
    </AuthScreen>
  );
}

function registeredEmail(): string {
  const state: unknown = typeof history === 'undefined' ? null : history.state;
  const email = state && typeof state === 'object' && 'email' in state ? state.email : '';
  return typeof email === 'string' ? email : '';
}
