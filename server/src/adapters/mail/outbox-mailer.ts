// The embedded Mailer: each message as a standard .eml file (nodemailer's MIME builder) in DATA_DIR/outbox,
// plus one log line with its subject and file, so `npm start` needs no mail server.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Mailer, MailMessage } from '../../ports/mailer';

export class OutboxMailer implements Mailer {
  readonly name = 'outbox';

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: (line: string) => void,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const mime = await new MailComposer({ from: this.from, ...message }).compile().build();
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
    // Time first, so a folder listing reads oldest to newest; random after, so two in one millisecond differ.
    const file = path.join(this.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
    // The links inside sign people in or change passwords: readable by the site's owner only. Written beside it and
    // renamed, so that whoever reads the folder (a person, a script) never opens a message half written.
    const part = `${file}.part`;
    await fs.writeFile(part, mime, { mode: 0o600 });
    await fs.rename(part, file);
    this.log(`Email "${message.subject}" to ${message.to} written to ${file}`);
  }

  async close(): Promise<void> {}
}
