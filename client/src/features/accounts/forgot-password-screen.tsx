// "Forgot your password?": ask for a link by email. The answer is the same whether or not an account uses the
// address, so this screen cannot tell anyone who has an account.
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { AuthScreen } from '../../components/auth-screen';
import { ErrorBox } from '../../components/error-box';
import { TextField } from '../../components/text-field';
import { useDocumentTitle } from '../../components/use-document-title';
import { fieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { FormattedMessage, useIntl } from 'react-intl';
import { translateServerText } from '../../lib/server-messages';

export function ForgotPassword() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'login.forgot', defaultMessage: 'Forgot your password?' }));
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState<string | undefined>();
  const ask = trpc.accounts.requestPasswordReset.useMutation();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = email.trim() ? undefined : 'Email is required.';
    setMissing(problem);
    if (!problem) ask.mutate({ email });
  };

  return (
    <AuthScreen>
      <h1>
        <FormattedMessage id="login.forgot" defaultMessage="Forgot your password?" />
      </h1>
      {ask.isSuccess ? (
        <>
          <p className="notice" role="status">
            {translateServerText(intl, ask.data.message)}
          </p>
          <p>
            <FormattedMessage
              id="forgot.checkInbox"
              defaultMessage="Check your inbox, and your spam folder if it does not arrive within a few minutes."
            />
          </p>
          <button type="button" className="button secondary" onClick={() => ask.reset()}>
            <FormattedMessage id="forgot.again" defaultMessage="Send another link" />
          </button>
        </>
      ) : (
        <>
          <p>
            <FormattedMessage
              id="forgot.lede"
              defaultMessage="Enter the email address of your account. We will send you a link to choose a new password."
            />
          </p>
          <ErrorBox error={fieldErrors(ask.error).email ? undefined : ask.error} />
          <form className="form" onSubmit={submit} noValidate>
            <TextField
              label={intl.formatMessage({ id: 'field.email', defaultMessage: 'Email' })}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={missing ?? fieldErrors(ask.error).email}
              required
            />
            <button type="submit" className="button large" disabled={ask.isPending}>
              {ask.isPending ? (
                <FormattedMessage id="login.resend.sending" defaultMessage="Sending…" />
              ) : (
                <FormattedMessage id="forgot.submit" defaultMessage="Send me a link" />
              )}
            </button>
          </form>
        </>
      )}
      <p className="auth-switch">
        <FormattedMessage
          id="forgot.remembered"
          defaultMessage="Remembered it? <link>Sign in</link>"
          values={{ link: (chunks) => <Link href="/login">{chunks}</Link> }}
        />
      </p>
    </AuthScreen>
  );
}
