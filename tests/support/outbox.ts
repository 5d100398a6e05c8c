// The emails the embedded outbox mailer wrote into a test app's DATA_DIR/outbox, parsed with mailparser.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The emails written to the outbox so far, oldest first. */
export async function outbox(t: { dataDir: string }): Promise<ParsedMail[]> {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return Promise.all(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))),
  );
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
