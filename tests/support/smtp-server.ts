// A real SMTP server (the smtp-server package) on a loopback port that keeps what it is sent, parsed with
// mailparser: the SMTP Mailer's counterpart in tests.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface RunningSmtp {
  url: string;
  /** Every message accepted so far, oldest first, with its envelope recipients. */
  messages: Array<ParsedMail & { envelopeTo: string[] }>;
  stop(): Promise<void>;
}

export async function startSmtpServer(): Promise<RunningSmtp> {
  const messages: RunningSmtp['messages'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push(Object.assign(mail, { envelopeTo: session.envelope.rcptTo.map((r) => r.address) }));
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
