// The page an email change link opens (ADR 0019). As on reset-password, the token comes in the URL's fragment,
// which the browser never sends to a server; it is read once and cleared from the address bar. The change needs
// a press of the button, so a mail program that opens links to check them does not make it.
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'account.confirmEmail.title', defaultMessage: 'Confirm your new email address' }));
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
        <h1>
          <FormattedMessage id="account.confirmEmail.done" defaultMessage="Your email address is changed" />
        </h1>
        <p className="notice" role="status">
          <FormattedMessage
            id="account.confirmEmail.doneLede"
            defaultMessage="Your account now uses <b>{email}</b>. Sign in with it from now on."
            values={{ email: confirm.data.email, b: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
          />
        </p>
        <Link href={user ? '/profile' : '/login'} className="button large">
          {user ? (
            <FormattedMessage id="account.goToProfile" defaultMessage="Go to your profile" />
          ) : (
            <FormattedMessage id="login.title" defaultMessage="Sign in" />
          )}
        </Link>
      </AuthScreen>
    );
  }

  const linkProblem = !token
    ? intl.formatMessage({
        id: 'account.link.incomplete',
        defaultMessage: 'This link is incomplete. Please open the whole link from the email.',
      })
    : server.token;
  return (
    <AuthScreen>
      <h1>
        <FormattedMessage id="account.confirmEmail.title" defaultMessage="Confirm your new email address" />
      </h1>
      {linkProblem ? (
        <>
          <ErrorBox message={linkProblem} />
          <Link href={user ? '/profile/edit/email' : '/login'} className="button large">
            {user ? (
              <FormattedMessage id="account.confirmEmail.askAgain" defaultMessage="Ask for a new link" />
            ) : (
              <FormattedMessage id="account.confirmEmail.signInToAsk" defaultMessage="Sign in to ask for a new link" />
            )}
          </Link>
        </>
      ) : (
        <>
          <p>
            <FormattedMessage
              id="account.confirmEmail.lede"
              defaultMessage="Press the button to start using this address for your account."
            />
          </p>
          <ErrorBox error={confirm.error} />
          {errorCode(confirm.error) === 'CONFLICT' && (
            <p>
              <Link href="/profile/edit/email">
                <FormattedMessage id="account.confirmEmail.another" defaultMessage="Choose another address" />
              </Link>
            </p>
          )}
          <button type="button" className="button large" onClick={() => confirm.mutate({ token })} disabled={confirm.isPending}>
            {confirm.isPending ? (
              <FormattedMessage id="account.confirming" defaultMessage="Confirming…" />
            ) : (
              <FormattedMessage id="account.confirmEmail.submit" defaultMessage="Confirm my new email address" />
            )}
          </button>
        </>
      )}
    </AuthScreen>
  );
}
