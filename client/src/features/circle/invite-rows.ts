// The invite form's rows: which of them go to circle.invite, and the server's field errors
// (`readers.<i>.email`, `readers.<i>.name`, i counting the rows sent) put back on the rows they belong to.
import { LIMITS } from '#contract/limits';

export interface InviteRow {
  /** Stable across adding and removing rows (React's key, and the errors' key). */
  key: number;
  name: string;
  email: string;
}

export type RowErrors = Record<number, { name?: string; email?: string }>;

export const MAX_ROWS = LIMITS.circleInviteMax;

const blank = (r: InviteRow) => r.name.trim() === '' && r.email.trim() === '';

/** The rows to send: every row with something typed in it; with all of them empty, the first (so the server says what is missing). */
export function rowsToSend(rows: readonly InviteRow[]): InviteRow[] {
  const filled = rows.filter((r) => !blank(r));
  return filled.length > 0 ? filled : rows.slice(0, 1);
}

/** The server's `readers.<i>.<field>` messages, keyed by the row each one is about. */
export function errorsByRow(sent: readonly InviteRow[], fieldErrors: Record<string, string>): RowErrors {
  const out: RowErrors = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const m = /^readers\.(\d+)\.(name|email)$/.exec(path);
    const row = m ? sent[Number(m[1])] : undefined;
    if (!m || !row) continue;
    out[row.key] = { ...out[row.key], [m[2] as 'name' | 'email']: message };
  }
  return out;
}
