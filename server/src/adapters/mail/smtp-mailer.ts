// Email through an SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example.com), with nodemailer.
import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, MailMessage } from '../../ports/mailer';

export class SmtpMailer implements Mailer {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // A dead or silent server is reported after seconds, not nodemailer's default two minutes.
    this.transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
