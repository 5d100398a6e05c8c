// POST /inbound/email: one raw MIME message from a mail provider's inbound forwarding, authorised by a shared secret
// (docs/decisions/0030-answers-by-email.md), through app.request. On SQLite (server) and PostgreSQL (server-pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo, settle } from '../support/outbox';
import { QUESTION, quotedReply, replyAddress, replyMime } from '../support/reply-mail';
import { makeTestApp, ORIGIN, signedInPerson, type TestApp } from '../support/test-app';

const SECRET = 'inbound-secret-0123456789abcdef';
let t: TestApp;

beforeAll(async () => {
  t = await makeTestApp({ env: { INBOUND_EMAIL_SECRET: SECRET, MAIL_DOMAIN: 'Stories.Example' } });
});
afterAll(async () => {
  await t.close();
});

async function writer() {
  const me = await signedInPerson(t);
  return { ...me, reply: await replyAddress(t, me.id) };
}

function post(raw: Buffer | string, { auth = `Bearer ${SECRET}`, query = '' }: { auth?: string | null; query?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'message/rfc822' };
  if (auth) headers.authorization = auth;
  return t.app.request(`${ORIGIN}/inbound/email${query}`, {
    method: 'POST',
    headers,
    body: typeof raw === 'string' ? raw : new Uint8Array(raw),
  });
}

async function draftOf(userId: number) {
  const row = await t.deps.db
    .selectFrom('drafts')
    .select(['draft_version', 'unsafe_html'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { version: row?.draft_version ?? 0, html: row?.unsafe_html ?? '' };
}

describe('POST /inbound/email', () => {
  it('makes reply addresses on MAIL_DOMAIN (lower case)', async () => {
    const me = await writer();
    expect(me.reply).toMatch(/^reply\+[0-9a-f]{32}@stories\.example$/);
  });

  it('refuses a request without the secret, or with a wrong one (401), and adds nothing', async () => {
    const me = await writer();
    const raw = await replyMime({ from: me.email, to: me.reply, text: 'Let me in.' });
    expect((await post(raw, { auth: null })).status).toBe(401);
    expect((await post(raw, { auth: 'Bearer wrong-secret-0123456789abcdef' })).status).toBe(401);
    expect((await post(raw, { auth: `Basic ${Buffer.from('api:nope').toString('base64')}` })).status).toBe(401);
    expect((await draftOf(me.id)).html).toBe('');
  });

  it('adds the answer as a chapter (Basic auth too), starts a draft with no story, and an open write screen gets its conflict', async () => {
    const me = await writer();
    const before = await draftOf(me.id);
    const raw = await replyMime({ from: me.email, to: me.reply, text: quotedReply('My first home was a farmhouse.') });
    const res = await post(raw, { auth: `Basic ${Buffer.from(`api:${SECRET}`).toString('base64')}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ outcome: 'added' });
    const draft = await draftOf(me.id);
    expect(draft.html).toBe(`<h2>${QUESTION.questionText}</h2><p>My first home was a farmhouse.</p>`);
    // A write screen opened before still holds the old counter: its next autosave is refused, not an overwrite.
    await expect(
      t.caller(me.id).drafts.autosave({ title: '', text: '<p>Typed meanwhile.</p>', base_version: 0, draft_version: before.version }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const [confirmation] = await settle(t, me.email, 1);
    expect(confirmation?.subject).toBe('Your answer is in your draft');
    expect(confirmation?.text).toContain(`${ORIGIN}/story/write`);
  });

  it('takes the recipient from ?to= when the provider names the envelope', async () => {
    const me = await writer();
    const raw = await replyMime({ from: me.email, to: 'family-stories@stories.example', text: 'Forwarded by the provider.' });
    const res = await post(raw, { query: `?to=${encodeURIComponent(me.reply)}` });
    expect(await res.json()).toEqual({ outcome: 'added' });
    expect((await draftOf(me.id)).html).toContain('<p>Forwarded by the provider.</p>');
  });

  it('answers a replayed message 200 "duplicate" and adds it once', async () => {
    const me = await writer();
    const raw = await replyMime({ from: me.email, to: me.reply, messageId: '<http-replay@mail.example>', text: 'Once.' });
    expect(await (await post(raw)).json()).toEqual({ outcome: 'added' });
    expect(await (await post(raw)).json()).toEqual({ outcome: 'duplicate' });
    expect((await draftOf(me.id)).html.split('<p>Once.</p>')).toHaveLength(2);
  });

  it('refuses a message over the size limit with 413 before reading it', async () => {
    const me = await writer();
    const huge = Buffer.alloc(t.config.inboundMail.maxBytes + 1, 65);
    const res = await t.app.request(`${ORIGIN}/inbound/email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}`, 'content-length': String(huge.length) },
      body: new Uint8Array(huge),
    });
    expect(res.status).toBe(413);
    expect((await draftOf(me.id)).html).toBe('');
  });

  it('refuses another sender with a polite reply to the account’s address', async () => {
    const me = await writer();
    const res = await post(await replyMime({ from: 'Not Me <not.me@example.net>', to: me.reply, text: 'Hello.' }));
    expect(await res.json()).toEqual({ outcome: 'refused', reason: 'wrong-sender' });
    expect((await draftOf(me.id)).html).toBe('');
    const [refusal] = await settle(t, me.email, 1);
    expect(refusal?.text).toContain('not.me@example.net');
    expect(await mailTo(t, 'not.me@example.net')).toEqual([]);
  });

  it('refuses a reply whose provider says DMARC failed (a forged From)', async () => {
    const me = await writer();
    const raw = await replyMime({
      from: me.email,
      to: me.reply,
      text: 'Forged.',
      headers: { 'Authentication-Results': 'mx.provider.example; spf=fail smtp.mailfrom=example.com; dmarc=fail header.from=example.com' },
    });
    expect(await (await post(raw)).json()).toEqual({ outcome: 'refused', reason: 'not-confirmed' });
    expect((await draftOf(me.id)).html).toBe('');
  });

  it('answers an unknown reply address 200 and sends nothing back (no backscatter)', async () => {
    const me = await writer();
    const raw = await replyMime({ from: me.email, to: `reply+${'a'.repeat(32)}@stories.example`, text: 'Anyone?' });
    expect(await (await post(raw)).json()).toEqual({ outcome: 'ignored', why: 'unknown-token' });
    const noAddress = await replyMime({ from: me.email, to: 'hello@stories.example', text: 'Anyone?' });
    expect(await (await post(noAddress)).json()).toEqual({ outcome: 'ignored', why: 'no-reply-address' });
    await new Promise((r) => setTimeout(r, 100));
    expect(await mailTo(t, me.email)).toEqual([]);
  });

  it('refuses an empty reply (only the quoted question) politely', async () => {
    const me = await writer();
    const res = await post(await replyMime({ from: me.email, to: me.reply, text: quotedReply('') }));
    expect(await res.json()).toEqual({ outcome: 'refused', reason: 'empty' });
    const [refusal] = await settle(t, me.email, 1);
    expect(refusal?.text).toContain('we found no answer in it');
  });
});

it('is not there without INBOUND_EMAIL_SECRET (404)', async () => {
  const plain = await makeTestApp();
  try {
    const res = await plain.app.request(`${ORIGIN}/inbound/email`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET}` },
      body: 'x',
    });
    expect(res.status).toBe(404);
  } finally {
    await plain.close();
  }
});

it('drops a flood from one address without a reply, and sends an account at most its budget of refusals', async () => {
  // RATE_LIMIT_SCALE 0.034: one message an hour per sender, one refusal a day per account (config.ts).
  const small = await makeTestApp({ env: { INBOUND_EMAIL_SECRET: SECRET, RATE_LIMIT_SCALE: '0.034' } });
  try {
    const me = await signedInPerson(small);
    const reply = await replyAddress(small, me.id);
    const deliver = async (from: string, text: string) => {
      const raw = new Uint8Array(await replyMime({ from, to: reply, text }));
      const res = await small.app.request(`${ORIGIN}/inbound/email`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SECRET}` },
        body: raw,
      });
      return res.json();
    };
    expect(await deliver(me.email, 'First answer.')).toEqual({ outcome: 'added' });
    expect(await deliver(me.email, 'Second answer.')).toEqual({ outcome: 'ignored', why: 'too-many' });
    expect(await deliver('one@example.net', 'Not me.')).toEqual({ outcome: 'refused', reason: 'wrong-sender' });
    expect(await deliver('two@example.net', 'Not me either.')).toEqual({ outcome: 'refused', reason: 'wrong-sender' });
    // The confirmation and one refusal; the second refusal's reply was not sent.
    const mails = await settle(small, me.email, 2);
    await new Promise((r) => setTimeout(r, 100));
    expect((await mailTo(small, me.email)).map((m) => m.subject)).toEqual([
      'Your answer is in your draft',
      'Your answer was not added to your story',
    ]);
    expect(mails[1]?.text).toContain('one@example.net');
  } finally {
    await small.close();
  }
});
