import { useIntl } from 'react-intl';
import { translateServerText } from '../lib/server-messages';

/** The ids an input's aria-describedby lists: its hint and its error, when present. */
export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

/** The hint and error lines under an input, with the ids `describedBy` names. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  const intl = useIntl();
  return (
    <>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {translateServerText(intl, error)}
        </p>
      )}
    </>
  );
}
