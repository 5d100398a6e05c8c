// The draft autosave's own request: one tRPC mutation over fetch in tRPC's HTTP wire format (POST /trpc/<path>
// with the input as the JSON body; the answer is { result: { data } } or { error: { message, data: { code,
// httpStatus } } }). The app's tRPC client cannot send `keepalive`, which lets the last save outlive a closing tab
// (pagehide). Browsers cap keepalive bodies at 64 KiB in total; a bigger text relies on the copy on the device.

export interface DraftInput {
  title: string;
  text: string;
  base_version: number;
  draft_version: number;
  force?: boolean;
}

export interface DraftSaved {
  draft_version: number;
  saved_at: string;
}

/** Why a save failed: the server's tRPC code (CONFLICT, UNAUTHORIZED, BAD_REQUEST, …) or 'NETWORK'. */
export class DraftSaveError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/** Under the 64 KiB keepalive quota, with room for other keepalive requests of the page. */
export const KEEPALIVE_MAX_BYTES = 60 * 1024;

export type SendDraft = (input: DraftInput, options?: { keepalive?: boolean }) => Promise<DraftSaved>;

export const sendDraft: SendDraft = async (input, options = {}) => {
  const body = JSON.stringify(input);
  const keepalive = options.keepalive === true && new Blob([body]).size <= KEEPALIVE_MAX_BYTES;
  let res: Response;
  try {
    res = await fetch('/trpc/drafts.autosave', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body,
      keepalive,
    });
  } catch (error) {
    throw new DraftSaveError('NETWORK', error instanceof Error ? error.message : String(error));
  }
  const answer = (await res.json().catch(() => null)) as {
    result?: { data?: DraftSaved };
    error?: { message?: string; data?: { code?: string; httpStatus?: number } };
  } | null;
  if (res.ok && answer?.result?.data) return answer.result.data;
  const code = answer?.error?.data?.code ?? (res.status >= 500 ? 'INTERNAL_SERVER_ERROR' : `HTTP_${res.status}`);
  throw new DraftSaveError(code, answer?.error?.message ?? res.statusText, answer?.error?.data?.httpStatus ?? res.status);
};
