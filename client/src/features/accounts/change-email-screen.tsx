// Changing the email address (ADR 0019): the new address gets a link and the change takes effect when it is
// opened; until then the account keeps its current address, and this screen says where the link went. It always asks
// for the current password (ADR 0014): the screen cannot know when the server's ten minutes after signing in run out,
// and one field every time is simpler than a refusal halfway.
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '#contract/limits';
import { ErrorBox } from '../../components/error-box';
import { Loading } from '../../components/loading';
import { CurrentPasswordField } from './password-field';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorCode, fieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import '../../styles/profile.css';
import { FormattedMessage, useIntl } from 'react-intl';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ChangeEmail() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'account.email.title', defaultMessage: 'Change email address' }));
  const utils = trpc.useUtils();
  const profile = trpc.accounts.profile.useQuery();
  const pending = trpc.emailChange.pending.useQuery();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [passwordProblem, setPasswordProblem] = useState<string | undefined>();
  const request = trpc.emailChange.request.useMutation({
    onSuccess: async () => {
      setEmail('');
      setPassword('');
      // A changed capitalisation takes effect at once; a new address shows as waiting for its link.
      await Promise.all([utils.emailChange.pending.invalidate(), utils.accounts.profile.invalidate(), utils.accounts.me.invalidate()]);
    },
  });
  const server = fieldErrors(request.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    const found = !value
      ? intl.formatMessage({ id: 'account.email.newRequired', defaultMessage: 'Please enter your new email address.' })
      : !EMAIL.test(value)
        ? intl.formatMessage({ id: 'error.emailInvalid', defaultMessage: 'Please enter a valid email address.' })
        : undefined;
    const noPassword = password
      ? undefined
      : intl.formatMessage({ id: 'account.currentPasswordRequired', defaultMessage: 'Please enter your current password.' });
    setProblem(found);
    setPasswordProblem(noPassword);
    if (found || noPassword) return;
    request.mutate({ email: value, current_password: password });
  };

  return (
    <div className="page narrow change-email-page">
      <p className="eyebrow">
        <FormattedMessage id="profile.eyebrow" defaultMessage="Your profile" />
      </p>
      <h1>
        <FormattedMessage id="account.email.title" defaultMessage="Change email address" />
      </h1>
      {profile.isPending || pending.isPending ? (
        <Loading label={intl.formatMessage({ id: 'account.email.loading', defaultMessage: 'Loading your email address…' })} />
      ) : profile.isError ? (
        <ErrorBox error={profile.error} />
      ) : (
        <>
          <p>
            <FormattedMessage
              id="account.email.current"
              defaultMessage="Your account uses <b>{email}</b>. We send password reset links and notices there."
              values={{ email: profile.data.email, b: (chunks) => <strong>{chunks}</strong> }}
            />
          </p>
          <div role="status">
            {pending.data && (
              <p className="notice notice-success">
                <MailCheck size={18} aria-hidden="true" />{' '}
                <FormattedMessage
                  id="account.email.pending"
                  defaultMessage="We've sent a link to <b>{email}</b> — the change takes effect when you open it. Until then your account keeps {current}."
                  values={{ email: pending.data.email, current: profile.data.email, b: (chunks) => <strong>{chunks}</strong> }}
                />
              </p>
            )}
          </div>
          <form className="card form" onSubmit={submit} noValidate>
            <ErrorBox
              error={
                server.email || server.current_password ? undefined : errorCode(request.error) === 'CONFLICT' ? undefined : request.error
              }
            />
            <TextField
              label={intl.formatMessage({ id: 'account.email.new', defaultMessage: 'New email address' })}
              type="email"
              name="email"
              autoComplete="email"
              maxLength={LIMITS.emailMax}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={problem ?? server.email}
              hint={intl.formatMessage({
                id: 'account.email.newHint',
                defaultMessage: 'We will send a link to this address. Open it to confirm the change.',
              })}
              required
            />
            <CurrentPasswordField
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={passwordProblem ?? server.current_password}
              hint={intl.formatMessage({
                id: 'account.email.passwordHint',
                defaultMessage: 'So that nobody else at this device can move your account to their address.',
              })}
              required
            />
            <div className="button-row">
              <button type="submit" className="button" disabled={request.isPending}>
                {request.isPending ? (
                  <FormattedMessage id="account.sending" defaultMessage="Sending…" />
                ) : (
                  <FormattedMessage id="account.email.send" defaultMessage="Send the link" />
                )}
              </button>
              <Link href="/profile/edit" className="button secondary">
                <FormattedMessage id="account.backToProfile" defaultMessage="Back to profile" />
              </Link>
            </div>
          </form>
        </>
      )}
    </div>
  );
}
