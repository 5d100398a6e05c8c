// The SMTP Mailer against a real SMTP server on loopback (smtp-server), reading what it received.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SmtpMailer } from '../../server/src/adapters/mail/smtp-mailer';
import { closedLoopbackPort } from '../support/closed-port';
import { startSmtpServer, type RunningSmtp } from '../support/smtp-server';
import { runMailerContract } from './mailer.case';

const FROM = 'Life Story <no-reply@stories.example>';
let smtp: RunningSmtp;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.stop());

runMailerContract('SmtpMailer on smtp-server', async () => {
  smtp.messages.length = 0;
  return { mailer: new SmtpMailer(smtp.url, FROM), delivered: async () => [...smtp.messages], cleanup: async () => undefined };
});

it('reports a server that is not there as a failed send, not a hang', async () => {
  const mailer = new SmtpMailer(`smtp://127.0.0.1:${await closedLoopbackPort()}`, FROM);
  await expect(mailer.send({ to: 'a@example.org', subject: 's', text: 't', html: '<p>h</p>' })).rejects.toThrow(/ECONNREFUSED/);
  await mailer.close();
});
