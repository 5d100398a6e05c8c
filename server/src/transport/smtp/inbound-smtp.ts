// The SMTP receiver of replies to question emails (docs/decisions/0030-answers-by-email.md), with the smtp-server
// package, on INBOUND_SMTP_PORT (off unless set). It takes mail only for reply+<token>@MAIL_DOMAIN addresses we
// made (any other recipient: 550 at RCPT, so a real sender hears of it from their own mail server, and we send no
// backscatter), announces its size limit (SIZE) and refuses a larger message with 552. Each message goes to
// receiveAnswer; a failure of ours is a 451, so the sending server tries again later.
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { isReplyRecipient, receiveAnswer } from '../../core/answers-by-email/receive-answer';
import type { CoreDeps } from '../../core/shared/core-deps';

export interface InboundSmtpOptions {
  host: string;
  port: number;
  /** The site's origin for the links in the writer's emails. */
  origin: () => string;
  log: (message: string) => void;
}

export interface InboundSmtp {
  /** The port it listens on (the chosen one for port 0). */
  port: number;
  stop(): Promise<void>;
}

/** An SMTP error reply (smtp-server sends err.responseCode and err.message). */
function smtpError(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

/** The message, or null once it is over `maxBytes` (the rest is read and dropped). */
async function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes <= maxBytes) chunks.push(chunk);
  }
  return stream.sizeExceeded || bytes > maxBytes ? null : Buffer.concat(chunks);
}

export async function startInboundSmtp(deps: CoreDeps, options: InboundSmtpOptions): Promise<InboundSmtp> {
  const { domain, maxBytes } = deps.config.inboundMail;
  const megabytes = Math.round(maxBytes / 1024 / 1024);
  const server = new SMTPServer({
    name: domain,
    banner: 'Life Story: replies to question emails',
    size: maxBytes,
    authOptional: true,
    // No certificate of ours to offer, and no accounts: a relay in front of this port can add TLS.
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      isReplyRecipient(deps, address.address).then(
        (ours) => callback(ours ? undefined : smtpError(550, `No such reply address here (${domain} takes only replies to its emails).`)),
        (err: Error) => {
          options.log(`Inbound SMTP: could not check a recipient: ${err.message}`);
          callback(smtpError(451, 'Please try again later.'));
        },
      );
    },
    onData(stream, session, callback) {
      readMessage(stream, maxBytes)
        .then(async (raw) => {
          if (raw === null) {
            return callback(
              smtpError(
                552,
                `Your reply is larger than ${megabytes} MB, usually because of its photos. Please send fewer photos in one email.`,
              ),
            );
          }
          const envelope = {
            from: session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address),
            clientKey: session.remoteAddress,
          };
          await receiveAnswer(deps, raw, envelope, { origin: options.origin() });
          callback();
        })
        .catch((err: Error) => {
          options.log(`Inbound SMTP: a message could not be taken now (the sender will retry): ${err.message}`);
          callback(smtpError(451, 'Please try again later.'));
        });
    },
  });
  server.on('error', (err) => options.log(`Inbound SMTP: ${err.message}`));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
