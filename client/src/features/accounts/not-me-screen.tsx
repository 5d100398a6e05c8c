// "This wasn't me": the page the link in the notice to the old address opens (docs/decisions/0014-account-recovery.md).
// As on confirm-email, the token comes in the URL's fragment, read once and cleared from the address bar, and acting
// needs a press of the button, so a mail program that opens links to check them signs nobody out.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { AuthScreen } from '../../components/auth-screen';
import { ErrorBox } from '../../components/error-box';
import { useDocumentTitle } from '../../components/use-document-title';
import { fieldErrors } from '../../lib/errors';
import { linkTokenReader } from './link-token';
import { trpc } from '../../lib/trpc';

const takeToken = linkTokenReader();

export function NotMe() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'account.notMe.title', defaultMessage: 'This was not me' }));
  const [token] = useState(takeToken);
  const utils = trpc.useUtils();
  const cancel = trpc.emailChange.cancel.useMutation({
    // Every session of the account has ended: this browser's too, if it was signed in to it (the session check notices).
    onSuccess: () => utils.accounts.invalidate(),
  });
  const server = fieldErrors(cancel.error);

  if (cancel.isSuccess) {
    return (
      <AuthScreen>
        <h1>
          <FormattedMessage id="account.notMe.done" defaultMessage="Your account is safe again" />
        </h1>
        <p className="notice" role="status">
          {cancel.data.message}
        </p>
        <Link href="/forgot-password" className="button large">
          <FormattedMessage id="account.notMe.newPassword" defaultMessage="Choose a new password" />
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
        <FormattedMessage id="account.notMe.heading" defaultMessage="Someone asked to change your email address" />
      </h1>
      {linkProblem ? (
        <>
          <ErrorBox message={linkProblem} />
          <Link href="/forgot-password" className="button large">
            <FormattedMessage id="account.notMe.newPassword" defaultMessage="Choose a new password" />
          </Link>
        </>
      ) : (
        <>
          <p>
            <FormattedMessage
              id="account.notMe.lede"
              defaultMessage="If you did not ask for it, press the button. It stops the change, or puts your old address back if the change already went through, and signs your account out on every device. Then choose a new password."
            />
          </p>
          <ErrorBox error={cancel.error} />
          <button type="button" className="button large" onClick={() => cancel.mutate({ token })} disabled={cancel.isPending}>
            {cancel.isPending ? (
              <FormattedMessage id="account.notMe.stopping" defaultMessage="Stopping it…" />
            ) : (
              <FormattedMessage id="account.notMe.submit" defaultMessage="This wasn't me" />
            )}
          </button>
        </>
      )}
    </AuthScreen>
  );
}
