// Sends a data export zip to "Import my data" (docs/decisions/0035-moving-a-story-between-sites.md) and reads the
// answer: the summary, or the server's one sentence as the error's message.
import { defineMessages } from 'react-intl';
import { DATA_IMPORT_ENDPOINT, type ImportSummary } from '#contract/data-import';

/** The client's own words for a failure (the server's sentences for a refused file are shown as they come). */
export const IMPORT_FAILURES = defineMessages({
  send: { id: 'account.import.sendFailed', defaultMessage: 'The file could not be sent. Please check your connection and try again.' },
  server: {
    id: 'account.import.serverFailed',
    defaultMessage: 'Something went wrong on our side. Nothing was imported. Please try again later.',
  },
});

/** A failure with no sentence from the server: the screen says it in the interface's language. */
export class ImportFailure extends Error {
  constructor(readonly kind: keyof typeof IMPORT_FAILURES) {
    super(IMPORT_FAILURES[kind].defaultMessage as string);
  }
}

/** `check`: only what would come in, nothing changes. */
export async function sendDataExport(file: File, check: boolean): Promise<ImportSummary> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${DATA_IMPORT_ENDPOINT}${check ? '?check=1' : ''}`, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new ImportFailure('send');
  }
  const body = (await res.json().catch(() => null)) as { summary?: ImportSummary; error?: { message?: string } } | null;
  if (res.ok && body?.summary) return body.summary;
  if (res.status < 500 && body?.error?.message) throw new Error(body.error.message);
  throw new ImportFailure('server');
}
