import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { ErrorBox } from '../../components/error-box';
import { CurrentPasswordField } from './password-field';
import { fieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { signedOut } from '../../state/session';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * Account deletion, set apart from the everyday form: the current password (always asked: ADR 0014, so that nobody
 * else at this device can do it), confirm, delete, then sign out and go home.
 */
export function DangerZone() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const remove = trpc.accounts.deleteAccount.useMutation({
    onSuccess: () => {
      // Leave the protected screen first, so it does not bounce to /login when the session goes.
      navigate('/', { replace: true });
      signedOut();
      queryClient.clear();
    },
  });
  const server = fieldErrors(remove.error);

  const onDelete = (e: FormEvent) => {
    e.preventDefault();
    const missing = password
      ? undefined
      : intl.formatMessage({ id: 'account.currentPasswordRequired', defaultMessage: 'Please enter your current password.' });
    setProblem(missing);
    if (missing) return;
    const prompt = intl.formatMessage({ id: 'account.delete.confirm', defaultMessage: 'Are you sure you want to delete your account?' });
    if (window.confirm(prompt)) remove.mutate({ current_password: password });
  };

  return (
    <section className="danger-zone" aria-labelledby="danger-zone-title">
      <h2 id="danger-zone-title">
        <FormattedMessage id="account.delete.title" defaultMessage="Danger zone" />
      </h2>
      <p className="muted">
        <FormattedMessage
          id="account.delete.lede"
          defaultMessage="Deleting your account removes your story, its pages, your comments, likes and saved stories for good. This cannot be undone."
        />
      </p>
      <form onSubmit={onDelete} noValidate>
        <ErrorBox
          message={
            remove.error && !server.current_password
              ? intl.formatMessage({ id: 'account.delete.failed', defaultMessage: 'Failed to delete account.' })
              : null
          }
        />
        <CurrentPasswordField
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problem ?? server.current_password}
          hint={intl.formatMessage({ id: 'account.delete.passwordHint', defaultMessage: 'Needed to delete your account.' })}
          required
        />
        <button type="submit" className="button danger" disabled={remove.isPending}>
          {remove.isPending ? (
            <FormattedMessage id="common.deleting" defaultMessage="Deleting…" />
          ) : (
            <FormattedMessage id="account.delete.submit" defaultMessage="Delete Account" />
          )}
        </button>
      </form>
    </section>
  );
}
