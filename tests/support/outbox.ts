// The emails the embedded outbox mailer wrote into a test app's DATA_DIR/outbox, parsed with mailparser.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The paths of the whole messages in an outbox folder, oldest first: a message being written is beside its name
 * until it is renamed (outbox-mailer.ts).
 */
export function outboxFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** The emails written to the outbox so far, oldest first. */
export async function outbox(t: { dataDir: string }): Promise<ParsedMail[]> {
  return Promise.all(outboxFiles(path.join(t.dataDir, 'outbox')).map((f) => simpleParser(fs.readFileSync(f))));
}

/** The one address a mail was sent to. */
export const toAddress = (m: ParsedMail) => (m.to && !Array.isArray(m.to) ? m.to.value[0]?.address : undefined);

/** The emails to one address so far. */
export const mailTo = async (t: { dataDir: string }, address: string) => (await outbox(t)).filter((m) => toAddress(m) === address);

/** Waits for mail sent after the answer (setImmediate) to reach the outbox. */
export async function settle(t: { dataDir: string }, address: string, count: number): Promise<ParsedMail[]> {
  for (let i = 0; i < 100; i++) {
    const mails = await mailTo(t, address);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 20));
  }
  return mailTo(t, address);
}
