/**
 * Sends email: SMTP (SMTP_URL) or, by default, `.eml` files in DATA_DIR/outbox so that a site with no mail
 * server still works (the person running it can open the link). Every adapter passes
 * tests/ports/mailer.case.ts.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body; every message has one. */
  text: string;
  /** The same message as HTML (no images, no tracking). */
  html: string;
  /** More header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on a follower's digest. */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly name: string;
  /** Resolves once the message is handed over (accepted by the SMTP server, or written to the outbox). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
