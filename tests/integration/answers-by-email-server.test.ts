// The SMTP receiver starts and stops with the server (docs/decisions/0030-answers-by-email.md): the real server as a
// process of its own with INBOUND_SMTP_PORT, a real reply to it by SMTP, then SIGTERM. On SQLite only: the in-process
// files (answers-by-email-smtp.test.ts, answers-by-email-http.test.ts) run the same path on PostgreSQL too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replyTokenHash } from '../../server/src/core/answers-by-email/reply-address';
import { type ServerProcess, startServerProcess } from '../support/server-command';
import { outboxFiles } from '../support/outbox';
import { smtpClient } from '../support/reply-mail';
import { person, postgresBaseUrl } from '../support/test-app';

const SECRET = 'cd'.repeat(32);
const TOKEN = '0123456789abcdef0123456789abcdef';

describe.skipIf(postgresBaseUrl)('the server with INBOUND_SMTP_PORT', () => {
  let server: ServerProcess;
  let dataDir: string;
  let smtpPort: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'life-story-inbound-'));
    server = await startServerProcess({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      RATE_LIMIT_SCALE: '0',
      SESSION_SECRET: SECRET,
      INBOUND_SMTP_PORT: '0',
      MAIL_DOMAIN: 'stories.example',
    });
    for (let i = 0; i < 200 && !smtpPort; i++) {
      smtpPort = Number(server.output().match(/received by SMTP on [^\s]+:(\d+)/)?.[1] ?? 0);
      if (!smtpPort) await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes a reply into the draft, and stops with the server', async () => {
    expect(smtpPort, server.output()).toBeGreaterThan(0);
    const fields = person();
    const registered = await fetch(`${server.base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    expect(registered.status).toBe(201);
    // The reply address a question email would carry, written as replyAddressFor writes it.
    const db = new BetterSqlite3(path.join(dataDir, 'life-story.sqlite'));
    try {
      const { id } = db.prepare('SELECT id FROM users WHERE username = ?').get(fields.username) as { id: number };
      db.prepare('INSERT INTO answer_addresses VALUES (?, ?, ?, ?, ?)').run(
        replyTokenHash(Buffer.from(SECRET, 'hex'), TOKEN),
        id,
        'q',
        'Where did you go to school?',
        Date.now(),
      );
      const sent = await smtpClient(smtpPort).sendMail({
        from: fields.email,
        to: `reply+${TOKEN}@stories.example`,
        text: 'A village school.',
      });
      expect(sent.accepted).toHaveLength(1);
      const draft = db.prepare('SELECT unsafe_html FROM drafts WHERE user_id = ?').get(id) as { unsafe_html: string };
      expect(draft.unsafe_html).toBe('<h2>Where did you go to school?</h2><p>A village school.</p>');
    } finally {
      db.close();
    }

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const refused = await smtpClient(smtpPort)
      .verify()
      .then(
        () => null,
        (e: NodeJS.ErrnoException) => e.code,
      );
    expect(refused).toBe('ESOCKET');
    // The confirmation was written before the process stopped (a drain waits for emails queued after answers).
    const outbox = outboxFiles(path.join(dataDir, 'outbox')).map((f) => fs.readFileSync(f, 'utf8'));
    expect(outbox.some((m) => m.includes('Subject: Your answer is in your draft'))).toBe(true);
  });
});
