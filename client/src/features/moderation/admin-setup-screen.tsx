// The page the one-time admin setup link opens (docs/decisions/0020-moderation.md): the start of a site with no admin
// prints the link for its owner, and pressing the button here makes the signed-in account the site's admin. As on
// verify-email, the token comes in the URL's fragment, which the browser never sends to a server; it is read once
// and cleared from the address bar.
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { AuthScreen } from '../../components/auth-screen';
import { ErrorBox } from '../../components/error-box';
import { useDocumentTitle } from '../../components/use-document-title';
import { fieldErrors } from '../../lib/errors';
import { linkTokenReader } from '../accounts';
import { trpc } from '../../lib/trpc';
import { useSessionUser } from '../../state/session';

const takeToken = linkTokenReader();

export function AdminSetup() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'moderation.setup.title', defaultMessage: 'Become the site’s admin' }));
  const [token] = useState(takeToken);
  const user = useSessionUser();
  const utils = trpc.useUtils();
  const claim = trpc.moderation.claimSetupLink.useMutation({ onSuccess: () => utils.moderation.access.invalidate() });
  const server = fieldErrors(claim.error);

  if (claim.isSuccess) {
    return (
      <AuthScreen>
        <h1>
          <FormattedMessage id="moderation.setup.done" defaultMessage="You are the site’s admin" />
        </h1>
        <p className="notice" role="status">
          <FormattedMessage
            id="moderation.setup.doneLede"
            defaultMessage="Your account <b>{username}</b> is now the site’s admin. The link has done its work and no longer opens anything."
            values={{ username: claim.data.username, b: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
          />
        </p>
        <Link href="/moderation" className="button large">
          <FormattedMessage id="moderation.setup.go" defaultMessage="Go to moderation" />
        </Link>
      </AuthScreen>
    );
  }

  const linkProblem = !token
    ? intl.formatMessage({
        id: 'moderation.setup.incomplete',
        defaultMessage: 'This link is incomplete. Please copy the whole link from the log or the outbox.',
      })
    : server.token;
  return (
    <AuthScreen>
      <h1>
        <FormattedMessage id="moderation.setup.title" defaultMessage="Become the site’s admin" />
      </h1>
      {linkProblem ? (
        <ErrorBox message={linkProblem} />
      ) : !user ? (
        <>
          <p>
            <FormattedMessage
              id="moderation.setup.signIn"
              defaultMessage="This link makes the account you are signed in with the site’s admin. Sign in, or create your account, in this browser; then open the link again."
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
              id="moderation.setup.lede"
              defaultMessage="Press the button to make your account, <b>{username}</b>, the site’s admin: you will see the reports and can hide stories and comments and suspend accounts. The link works once."
              values={{ username: user.username, b: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
            />
          </p>
          <ErrorBox error={claim.error} />
          <button type="button" className="button large" onClick={() => claim.mutate({ token })} disabled={claim.isPending}>
            {claim.isPending ? (
              <FormattedMessage id="moderation.setup.making" defaultMessage="Making you the admin…" />
            ) : (
              <FormattedMessage
                id="moderation.setup.submit"
                defaultMessage="Make {username} the admin"
                values={{ username: user.username }}
              />
            )}
          </button>
        </>
      )}
    </AuthScreen>
  );
}
