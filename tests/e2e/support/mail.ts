// The e2e app with real mail both ways: what it sends goes to a real SMTP server the test starts (smtp-server, parsed
// with mailparser) AND to the embedded outbox (.eml files in DATA_DIR/outbox), through the two real Mailer adapters
// one after the other; replies come in through the server's own SMTP receiver (INBOUND_SMTP_PORT, started as main.ts
// starts it; docs/decisions/0030-answers-by-email.md), on a loopback port a test reaches with nodemailer.
import type { Mailer, MailMessage } from '../../../server/src/ports/mailer';
import { OutboxMailer } from '../../../server/src/adapters/mail/outbox-mailer';
import { SmtpMailer } from '../../../server/src/adapters/mail/smtp-mailer';
import { startInboundSmtp } from '../../../server/src/transport/smtp/inbound-smtp';
import { startSmtpServer, type RunningSmtp } from '../../support/smtp-server';
import { startServer, type E2eServer } from './e2e';

/** Every message to each mailer in turn: a message counts as sent once all of them have it. */
class EveryMailer implements Mailer {
  readonly name: string;
  constructor(private readonly mailers: Mailer[]) {
    this.name = mailers.map((m) => m.name).join('+');
  }
  async send(message: MailMessage): Promise<void> {
    for (const mailer of this.mailers) await mailer.send(message);
  }
  async close(): Promise<void> {
    await Promise.all(this.mailers.map((m) => m.close()));
  }
}

export interface E2eServerWithMail extends E2eServer {
  /** The SMTP server the app sends to: every message it accepted, with its envelope recipients. */
  smtp: RunningSmtp;
  /** The port of the app's own SMTP receiver for replies (reply+<token>@mailDomain). */
  inboundPort: number;
  mailDomain: string;
}

/** The e2e server (startServer) with outgoing mail to a real SMTP server and the outbox, and the reply receiver on. */
export async function startServerWithMail(env: Record<string, string> = {}): Promise<E2eServerWithMail> {
  const smtp = await startSmtpServer();
  const mailDomain = env.MAIL_DOMAIN ?? 'stories.example.org';
  let server: E2eServer | undefined;
  try {
    server = await startServer(
      { SMTP_URL: smtp.url, MAIL_DOMAIN: mailDomain, INBOUND_SMTP_PORT: '0', ...env },
      {
        mailer: (config) =>
          new EveryMailer([
            new SmtpMailer(smtp.url, config.mail.from),
            new OutboxMailer(config.mail.outboxDir, config.mail.from, () => undefined),
          ]),
      },
    );
    const started = server;
    const inbound = await startInboundSmtp(started.deps, {
      host: '127.0.0.1',
      port: started.deps.config.inboundMail.smtpPort ?? 0,
      origin: () => started.baseUrl,
      log: (m) => console.error(m),
    });
    return {
      ...started,
      smtp,
      inboundPort: inbound.port,
      mailDomain,
      async close() {
        await inbound.stop();
        await started.close();
        await smtp.stop();
      },
    };
  } catch (err) {
    await server?.close();
    await smtp.stop();
    throw err;
  }
}
