// The page a reset link opens: choose a new password. The token comes in the URL's fragment, which the
// browser never sends to a server; it is read once and the fragment is cleared from the address bar.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '#contract/limits';
import { AuthScreen } from '../../components/auth-screen';
import { ErrorBox } from '../../components/error-box';
import { PasswordField } from './password-field';
import { useDocumentTitle } from '../../components/use-document-title';
import { fieldErrors } from '../../lib/errors';
import { linkTokenReader } from './link-token';
import { trpc } from '../../lib/trpc';
import { FormattedMessage, useIntl } from 'react-intl';

const takeToken = linkTokenReader();

export function ResetPassword() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'reset.title', defaultMessage: 'Choose a new password' }));
  const [token] = useState(takeToken);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<{ password?: string; confirm?: string }>({});
  const reset = trpc.accounts.resetPassword.useMutation();
  const server = fieldErrors(reset.error);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      password: password ? undefined : 'New password is required.',
      confirm: !confirm ? 'Please confirm your new password.' : confirm !== password ? 'Passwords do not match.' : undefined,
    };
    setProblems(found);
    if (found.password || found.confirm) return;
    reset.mutate({ token, password });
  };

  if (reset.isSuccess) {
    return (
      <AuthScreen>
        <h1>
          <FormattedMessage id="reset.done" defaultMessage="Your password was changed" />
        </h1>
        <p className="notice" role="status">
          <FormattedMessage
            id="reset.doneLede"
            defaultMessage="Every device that was signed in has been signed out. Sign in with your new password."
          />
        </p>
        <Link href="/login" className="button large">
          <FormattedMessage id="login.title" defaultMessage="Sign in" />
        </Link>
      </AuthScreen>
    );
  }

  // A broken or used link: no form to fill in for nothing, but the way to a new link.
  const linkProblem = !token || server.token;
  return (
    <AuthScreen>
      <h1>
        <FormattedMessage id="reset.title" defaultMessage="Choose a new password" />
      </h1>
      {linkProblem ? (
        <>
          <ErrorBox
            message={
              server.token ??
              intl.formatMessage({
                id: 'reset.incomplete',
                defaultMessage: 'This link is incomplete. Please open the whole link from the email, or ask for a new one.',
              })
            }
          />
          <Link href="/forgot-password" className="button large">
            <FormattedMessage id="reset.askAgain" defaultMessage="Ask for a new link" />
          </Link>
        </>
      ) : (
        <>
          <ErrorBox error={server.password ? undefined : reset.error} />
          <form className="form" onSubmit={submit} noValidate>
            <PasswordField
              label={intl.formatMessage({ id: 'reset.newPassword', defaultMessage: 'New password' })}
              name="password"
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={problems.password ?? server.password}
              hint={intl.formatMessage({ id: 'reset.hint', defaultMessage: 'At least {count} characters.' }, { count: LIMITS.passwordMin })}
              required
            />
            <PasswordField
              label={intl.formatMessage({ id: 'reset.confirm', defaultMessage: 'Confirm new password' })}
              name="confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={problems.confirm}
              required
            />
            <button type="submit" className="button large" disabled={reset.isPending}>
              {reset.isPending ? (
                <FormattedMessage id="draft.status.saving" defaultMessage="Saving…" />
              ) : (
                <FormattedMessage id="reset.submit" defaultMessage="Save new password" />
              )}
            </button>
          </form>
        </>
      )}
    </AuthScreen>
  );
}
