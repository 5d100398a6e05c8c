// The page an email change link opens (ADR 0019). As on reset-password, the token comes in the URL's fragment,
// which the browser never sends to a server; it is read once and cleared from the address bar. The change needs
// a press of the button, so a mail program that opens links to check them does not make it.
import { useState } from 'react';
import { Link } from 'wouter';
import { AuthScreen } from '../../components/auth-screen';
import { ErrorBox } from '../../components/error-box';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorCode, fieldErrors } from '../../lib/errors';
import { linkTokenReader } from './link-token';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';

const takeToken = linkTokenReader();

export function ConfirmEmail() {
  useDocumentTitle('Confirm your new email address');
  const [token] = useState(takeToken);
  const user = useSessionUser();
  const utils = trpc.useUtils();
  const confirm = trpc.emailChange.confirm.useMutation({
    onSuccess: () => Promise.all([utils.accounts.invalidate(), utils.emailChange.invalidate()]),
  });
  const server = fieldErrors(confirm.error);

  if (confirm.isSuccess) {
    return (
      <AuthScreen>
        <h1>Your email address is changed</h1>
        <p className="notice" role="status">
          Your account now uses <strong>{confirm.data.email}</strong>. Sign in with it from now on.
        </p>
        <Link href={user ? '/profile' : '/login'} className="button large">
          {user ? 'Go to your profile' : 'Sign in'}
        </Link>
      </AuthScreen>
    );
  }

  const linkProblem = !token ? 'This link is incomplete. Please open the whole link from the email.' : server.token;
  return (
    <AuthScreen>
      <h1>Confirm your new email address</h1>
      {linkProblem ? (
        <>
          <ErrorBox message={linkProblem} />
          <Link href={user ? '/profile/edit/email' : '/login'} className="button large">
            {user ? 'Ask for a new link' : 'Sign in to ask for a new link'}
          </Link>
        </>
      ) : (
        <>
          <p>Press the button to start using this address for your account.</p>
          <ErrorBox error={confirm.error} />
          {errorCode(confirm.error) === 'CONFLICT' && (
            <p>
              <Link href="/profile/edit/email">Choose another address</Link>
            </p>
          )}
          <button type="button" className="button large" onClick={() => confirm.mutate({ token })} disabled={confirm.isPending}>
            {confirm.isPending ? 'Confirming…' : 'Confirm my new email address'}
          </button>
        </>
      )}
    </AuthScreen>
  );
}
