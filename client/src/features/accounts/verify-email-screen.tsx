// The page a registration's verification link opens (REQUIRE_EMAIL_VERIFICATION, ADR 0019). As on confirm-email,
// the token comes in the URL's fragment, which the browser never sends to a server; it is read once and cleared
// from the address bar. Verifying needs a press of the button, so a mail program that opens links to check them
// does not do it.
import { useState } from 'react';
import { Link } from 'wouter';
import { AuthScreen } from '../../components/auth-screen';
import { ErrorBox } from '../../components/error-box';
import { useDocumentTitle } from '../../components/use-document-title';
import { fieldErrors } from '../../lib/errors';
import { linkTokenReader } from './link-token';
import { trpc } from '../../lib/trpc';

const takeToken = linkTokenReader();

export function VerifyEmail() {
  useDocumentTitle('Confirm your email address');
  const [token] = useState(takeToken);
  const verify = trpc.emailVerification.verify.useMutation();
  const server = fieldErrors(verify.error);

  if (verify.isSuccess) {
    return (
      <AuthScreen>
        <h1>Your email address is confirmed</h1>
        <p className="notice" role="status">
          Thank you. <strong>{verify.data.email}</strong> is confirmed, and you can sign in now.
        </p>
        <Link href="/login" className="button large">
          Sign in
        </Link>
      </AuthScreen>
    );
  }

  const linkProblem = !token ? 'This link is incomplete. Please open the whole link from the email.' : server.token;
  return (
    <AuthScreen>
      <h1>Confirm your email address</h1>
      {linkProblem ? (
        <>
          <ErrorBox message={linkProblem} />
          <p>On the sign-in page, enter your email and password, then choose “Send the link again”.</p>
          <Link href="/login" className="button large">
            Go to sign in
          </Link>
        </>
      ) : (
        <>
          <p>Press the button to confirm that this email address is yours. Then you can sign in.</p>
          <ErrorBox error={verify.error} />
          <button type="button" className="button large" onClick={() => verify.mutate({ token })} disabled={verify.isPending}>
            {verify.isPending ? 'Confirming…' : 'Confirm my email address'}
          </button>
        </>
      )}
    </AuthScreen>
  );
}
