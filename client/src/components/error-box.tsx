import { errorMessage } from '../lib/errors';

/** The spec's error box: the server's message when it sent one, else the generic sentence. */
export function ErrorBox({ error, message }: { error?: unknown; message?: string | null }) {
  const text = message ?? (error === undefined || error === null ? null : errorMessage(error));
  if (!text) return null;
  return (
    <p className="error-box" role="alert">
      {text}
    </p>
  );
}
