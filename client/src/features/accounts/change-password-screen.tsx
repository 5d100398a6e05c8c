import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { LIMITS } from '#contract/limits';
import { ErrorBox } from '../../components/error-box';
import { CurrentPasswordField, PasswordField } from './password-field';
import { useDocumentTitle } from '../../components/use-document-title';
import { fieldErrors } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import '../../styles/profile.css';
import { FormattedMessage, useIntl } from 'react-intl';

type Form = { current: string; password: string; confirm: string };
type Problems = Partial<Record<keyof Form, string>>;

export function ChangePassword() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'password.title', defaultMessage: 'Change password' }));
  const [, navigate] = useLocation();
  const [form, setForm] = useState<Form>({ current: '', password: '', confirm: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [mismatch, setMismatch] = useState(false);
  const change = trpc.accounts.changePassword.useMutation({
    onSuccess: () => navigate('/profile/edit?saved=password'),
  });
  const server = fieldErrors(change.error);
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Problems = {};
    if (!form.password) found.password = 'New password is required.';
    if (!form.confirm) found.confirm = 'Please confirm your new password.';
    setProblems(found);
    const differ = Boolean(form.password && form.confirm && form.password !== form.confirm);
    setMismatch(differ);
    if (Object.keys(found).length > 0 || differ) return;
    change.reset();
    // Empty means "I signed in a moment ago": the server then accepts the change without it.
    change.mutate({ password: form.password, current_password: form.current || undefined });
  };

  return (
    <div className="page narrow change-password-page">
      <p className="eyebrow">
        <FormattedMessage id="profile.eyebrow" defaultMessage="Your profile" />
      </p>
      <h1>
        <FormattedMessage id="password.title" defaultMessage="Change password" />
      </h1>
      <form className="card form" onSubmit={submit} noValidate>
        <ErrorBox message={mismatch ? 'Passwords do not match.' : null} />
        <ErrorBox error={mismatch ? undefined : change.error} />
        <CurrentPasswordField
          value={form.current}
          onChange={set('current')}
          hint={intl.formatMessage({
            id: 'password.currentHint',
            defaultMessage: 'You can leave this empty if you signed in within the last 10 minutes.',
          })}
          error={server.current_password}
        />
        <PasswordField
          label={intl.formatMessage({ id: 'password.new', defaultMessage: 'New Password' })}
          name="password"
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax}
          value={form.password}
          onChange={set('password')}
          error={problems.password ?? server.password}
          hint={intl.formatMessage(
            { id: 'password.newHint', defaultMessage: 'At least {count} characters. Changing it signs you out on your other devices.' },
            { count: LIMITS.passwordMin },
          )}
          required
        />
        <PasswordField
          label={intl.formatMessage({ id: 'password.confirm', defaultMessage: 'Confirm Password' })}
          name="confirm"
          autoComplete="new-password"
          value={form.confirm}
          onChange={set('confirm')}
          error={problems.confirm}
          required
        />
        <div className="button-row">
          <button type="submit" className="button" disabled={change.isPending}>
            {change.isPending ? (
              <FormattedMessage id="draft.status.saving" defaultMessage="Saving…" />
            ) : (
              <FormattedMessage id="password.save" defaultMessage="Save Password" />
            )}
          </button>
          <Link href="/profile/edit" className="button secondary">
            <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
          </Link>
        </div>
      </form>
    </div>
  );
}
