// Sends a data export zip to "Import my data" (docs/decisions/0035-moving-a-story-between-sites.md) and reads the
// answer: the summary, or the server's one sentence as the error's message.
import { DATA_IMPORT_ENDPOINT, type ImportSummary } from '#contract/data-import';

export const IMPORT_SEND_FAILED = 'The file could not be sent. Please check your connection and try again.';
export const IMPORT_SERVER_FAILED = 'Something went wrong on our side. Nothing was imported. Please try again later.';

/** `check`: only what would come in, nothing changes. */
export async function sendDataExport(file: File, check: boolean): Promise<ImportSummary> {
  const form = new FormData();
  form.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch(`${DATA_IMPORT_ENDPOINT}${check ? '?check=1' : ''}`, { method: 'POST', body: form, credentials: 'same-origin' });
  } catch {
    throw new Error(IMPORT_SEND_FAILED);
  }
  const body = (await res.json().catch(() => null)) as { summary?: ImportSummary; error?: { message?: string } } | null;
  if (res.ok && body?.summary) return body.summary;
  throw new Error(res.status < 500 && body?.error?.message ? body.error.message : IMPORT_SERVER_FAILED);
}
