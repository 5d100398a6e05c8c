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

const takeToken = linkTokenReader();

export function ResetPassword() {
  useDocumentTitle('Choose a new password');
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
        <h1>Your password was changed</h1>
        <p className="notice" role="status">
          Every device that was signed in has been signed out. Sign in with your new password.
        </p>
        <Link href="/login" className="button large">
          Sign in
        </Link>
      </AuthScreen>
    );
  }

  // A broken or used link: no form to fill in for nothing, but the way to a new link.
  const linkProblem = !token || server.token;
  return (
    <AuthScreen>
      <h1>Choose a new password</h1>
      {linkProblem ? (
        <>
          <ErrorBox message={server.token ?? 'This link is incomplete. Please open the whole link from the email, or ask for a new one.'} />
          <Link href="/forgot-password" className="button large">
            Ask for a new link
          </Link>
        </>
      ) : (
        <>
          <ErrorBox error={server.password ? undefined : reset.error} />
          <form className="form" onSubmit={submit} noValidate>
            <PasswordField
              label="New password"
              name="password"
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={problems.password ?? server.password}
              hint={`At least ${LIMITS.passwordMin} characters.`}
              required
            />
            <PasswordField
              label="Confirm new password"
              name="confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              error={problems.confirm}
              required
            />
            <button type="submit" className="button large" disabled={reset.isPending}>
              {reset.isPending ? 'Saving…' : 'Save new password'}
            </button>
          </form>
        </>
      )}
    </AuthScreen>
  );
}
