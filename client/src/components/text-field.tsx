import { useId, type InputHTMLAttributes } from 'react';
import { describedBy, FieldNotes } from './field-notes';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & { label: string; error?: string; hint?: string };

/** A labelled input with its own error line, tied together for screen readers. */
export function TextField({ label, error, hint, type = 'text', ...input }: Props) {
  const id = useId();
  const described = describedBy(id, hint, error);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input {...input} type={type} id={id} aria-invalid={error ? true : undefined} aria-describedby={described} />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
