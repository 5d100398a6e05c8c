// The page a registration's verification link opens (REQUIRE_EMAIL_VERIFICATION, ADR 0019). As on confirm-email,
// the token comes in the URL's fragment, which the browser never sends to a server; it is read once and cleared
// from the address bar. Verifying needs a press of the button, so a mail program that opens links to check them
// does not do it.
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { AuthScreen } from '../../components/auth-screen';
import { ErrorBox } from '../../components/error-box';
import { useDocumentTitle } from '../../components/use-document-title';
import { fieldErrors } from '../../lib/errors';
import { linkTokenReader } from './link-token';
import { trpc } from '../../lib/trpc';

const takeToken = linkTokenReader();

export function VerifyEmail() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'account.verify.title', defaultMessage: 'Confirm your email address' }));
  const [token] = useState(takeToken);
  const verify = trpc.emailVerification.verify.useMutation();
  const server = fieldErrors(verify.error);

  if (verify.isSuccess) {
    return (
      <AuthScreen>
        <h1>
          <FormattedMessage id="account.verify.done" defaultMessage="Your email address is confirmed" />
        </h1>
        <p className="notice" role="status">
          <FormattedMessage
            id="account.verify.doneLede"
            defaultMessage="Thank you. <b>{email}</b> is confirmed, and you can sign in now."
            values={{ email: verify.data.email, b: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
          />
        </p>
        <Link href="/login" className="button large">
          <FormattedMessage id="login.title" defaultMessage="Sign in" />
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
        <FormattedMessage id="account.verify.title" defaultMessage="Confirm your email address" />
      </h1>
      {linkProblem ? (
        <>
          <ErrorBox message={linkProblem} />
          <p>
            <FormattedMessage
              id="account.verify.again"
              defaultMessage="On the sign-in page, enter your email and password, then choose “Send the link again”."
            />
          </p>
          <Link href="/login" className="button large">
            <FormattedMessage id="register.goToSignIn" defaultMessage="Go to sign in" />
          </Link>
        </>
      ) : (
        <>
          <p>
            <FormattedMessage
              id="account.verify.lede"
              defaultMessage="Press the button to confirm that this email address is yours. Then you can sign in."
            />
          </p>
          <ErrorBox error={verify.error} />
          <button type="button" className="button large" onClick={() => verify.mutate({ token })} disabled={verify.isPending}>
            {verify.isPending ? (
              <FormattedMessage id="account.confirming" defaultMessage="Confirming…" />
            ) : (
              <FormattedMessage id="account.verify.submit" defaultMessage="Confirm my email address" />
            )}
          </button>
        </>
      )}
    </AuthScreen>
  );
}
