import { useIntl } from 'react-intl';
import { errorMessage } from '../lib/errors';
import { translateServerText } from '../lib/server-messages';

/**
 * The spec's error box: the server's message when it sent one, else the generic sentence; in the interface's
 * language when the client knows the sentence (lib/server-messages.ts).
 */
export function ErrorBox({ error, message }: { error?: unknown; message?: string | null }) {
  const intl = useIntl();
  const text = message ?? (error === undefined || error === null ? null : errorMessage(error));
  if (!text) return null;
  return (
    <p className="error-box" role="alert">
      {translateServerText(intl, text)}
    </p>
  );
}
