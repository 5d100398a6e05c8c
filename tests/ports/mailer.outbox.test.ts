import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { expect, it, vi } from 'vitest';
import { OutboxMailer } from '../../server/src/adapters/mail/outbox-mailer';
import { outboxFiles } from '../support/outbox';
import { runMailerContract } from './mailer.case';

const FROM = 'Life Story <no-reply@stories.example>';

runMailerContract('OutboxMailer (.eml files)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const outbox = path.join(dir, 'outbox');
  return {
    mailer: new OutboxMailer(outbox, FROM, () => undefined),
    delivered: async () => Promise.all(outboxFiles(outbox).map((f) => simpleParser(fs.readFileSync(f)))),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

it('logs one line naming the subject and the file, which only the owner can read', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const lines: string[] = [];
  await new OutboxMailer(dir, FROM, (l) => lines.push(l)).send({
    to: 'a@example.org',
    subject: 'Hello there',
    text: 't',
    html: '<p>h</p>',
  });
  const [file] = fs.readdirSync(dir);
  expect(file).toMatch(/\.eml$/);
  expect(lines).toEqual([`Email "Hello there" to a@example.org written to ${path.join(dir, file!)}`]);
  expect(fs.statSync(path.join(dir, file!)).mode & 0o777).toBe(0o600);
  fs.rmSync(dir, { recursive: true, force: true });
});

it('shows a message in the folder only once it is whole (written beside it, then renamed)', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
  const seenBeforeRename: string[][] = [];
  const rename = vi.spyOn(fsPromises, 'rename').mockImplementation(async (from, to) => {
    seenBeforeRename.push(outboxFiles(dir));
    // What is renamed is the whole message.
    expect((await simpleParser(fs.readFileSync(from))).subject).toBe('Whole');
    fs.renameSync(from, to);
  });
  try {
    await new OutboxMailer(dir, FROM, () => undefined).send({ to: 'a@example.org', subject: 'Whole', text: 't', html: '<p>h</p>' });
  } finally {
    rename.mockRestore();
  }
  expect(seenBeforeRename).toEqual([[]]);
  expect(fs.readdirSync(dir)).toEqual([expect.stringMatching(/\.eml$/)]);
  fs.rmSync(dir, { recursive: true, force: true });
});
