import { Eye, EyeOff } from 'lucide-react';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { describedBy, FieldNotes } from '../../components/field-notes';
import { useIntl } from 'react-intl';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> & { label: string; error?: string; hint?: string };

/** A password input with a show / hide toggle that keeps its label and focus. */
export function PasswordField({ label, error, hint, ...input }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const intl = useIntl();
  const described = describedBy(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input {...input} id={id} type={shown ? 'text' : 'password'} aria-invalid={error ? true : undefined} aria-describedby={described} />
        <button
          type="button"
          className="icon-button"
          onClick={() => setShown((s) => !s)}
          aria-label={intl.formatMessage(
            { id: 'field.password.toggle', defaultMessage: '{shown, select, true {Hide {label}} other {Show {label}}}' },
            { shown: String(shown), label: label.toLowerCase() },
          )}
          aria-pressed={shown}
        >
          {shown ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The account's current password, asked again before a change that a stolen session must not make (ADR 0009). */
export function CurrentPasswordField(props: Omit<Props, 'label' | 'name' | 'autoComplete'>) {
  const intl = useIntl();
  return (
    <PasswordField
      label={intl.formatMessage({ id: 'field.currentPassword', defaultMessage: 'Current password' })}
      name="current_password"
      autoComplete="current-password"
      {...props}
    />
  );
}
