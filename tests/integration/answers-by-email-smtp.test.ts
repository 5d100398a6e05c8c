// A reply to a question email, sent by a real SMTP client (nodemailer) to the real receiver (smtp-server) on a
// loopback port, becomes a chapter of the writer's draft, or is refused politely (docs/decisions/0030-answers-by-email.md).
// On SQLite (server) and PostgreSQL (server-pg).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInboundSmtp, type InboundSmtp } from '../../server/src/transport/smtp/inbound-smtp';
import { mailTo, settle } from '../support/outbox';
import { gradientJpeg } from '../support/photo-fixtures';
import { png } from '../support/rest-contract';
import { htmlOnlyReply, QUESTION, quotedReply, replyAddress, smtpClient } from '../support/reply-mail';
import { makeTestApp, ORIGIN, signedInPerson, type TestApp } from '../support/test-app';

let t: TestApp;
let receiver: InboundSmtp;
const logs: string[] = [];

beforeAll(async () => {
  t = await makeTestApp();
  receiver = await startInboundSmtp(t.deps, { host: '127.0.0.1', port: 0, origin: () => ORIGIN, log: (m) => logs.push(m) });
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

/** A writer with a published story and a question email's reply address. */
async function writer() {
  const me = await signedInPerson(t);
  const published = await me.client.post('/api/stories/save', { title: 'My life', text: '<p>PUBLISHED-WORDS of my story.</p>' });
  expect(published.status, published.text).toBe(201);
  return { ...me, reply: await replyAddress(t, me.id) };
}

const send = (message: Parameters<ReturnType<typeof smtpClient>['sendMail']>[0]) => smtpClient(receiver.port).sendMail(message);

async function draftOf(userId: number) {
  const row = await t.deps.db
    .selectFrom('drafts')
    .select(['draft_version', 'unsafe_html'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { version: row?.draft_version ?? 0, html: row?.unsafe_html ?? '' };
}

const chapters = (html: string) => html.split(`<h2>${QUESTION.questionText}</h2>`).length - 1;

describe('a reply becomes a chapter of the draft', () => {
  it('keeps only the answer of a reply with quoted history and a signature, after the published story', async () => {
    const me = await writer();
    const before = await draftOf(me.id);
    const sent = await send({
      from: me.email,
      to: me.reply,
      subject: `Re: ${QUESTION.questionText}`,
      text: quotedReply('We lived above the bakery on Elm Street.\n\nEvery morning smelled of\nfresh bread.'),
    });
    expect(sent.accepted).toEqual([me.reply]);
    const draft = await draftOf(me.id);
    expect(draft.html).toBe(
      '<p>PUBLISHED-WORDS of my story.</p><h2>What was your first home like?</h2><p>We lived above the bakery on Elm Street.</p><p>Every morning smelled of fresh bread.</p>',
    );
    expect(draft.version).toBe(before.version + 1);
    // The write screen reads it (sanitised) and nothing was published.
    const read = await t.caller(me.id).drafts.get();
    expect(read.draft?.text).toContain('<h2>What was your first home like?</h2>');
    expect(read.draft?.title).toBe('My life');
    const story = await t.deps.db.selectFrom('stories').select('body_html').where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(story.body_html).not.toContain('bakery');

    const [confirmation] = await settle(t, me.email, 1);
    expect(confirmation?.subject).toBe('Your answer is in your draft');
    expect(confirmation?.text).toContain('Your answer is in your draft: read it over and publish.');
    expect(confirmation?.text).toContain(`${ORIGIN}/story/write`);
    expect(confirmation?.headers.get('auto-submitted')).toBe('auto-replied');
  });

  it('reads an HTML-only reply through its text', async () => {
    const me = await writer();
    await send({ from: me.email, to: me.reply, html: htmlOnlyReply(['A small flat with a <b>blue</b> door.', 'We had a cat.']) });
    const { html } = await draftOf(me.id);
    expect(html).toContain('<h2>What was your first home like?</h2><p>A small flat with a blue door.</p><p>We had a cat.</p>');
    expect(html).not.toContain('simply reply');
    expect(html).not.toContain('wrote:');
  });

  it('makes attached photos uploads, in the chapter as figures that need a description', async () => {
    const me = await writer();
    const jpeg = await gradientJpeg(800, 600);
    await send({
      from: me.email,
      to: me.reply,
      text: quotedReply('Here is the house, and my mother in the garden.'),
      attachments: [
        { filename: 'house.jpg', content: jpeg, contentType: 'image/jpeg' },
        { filename: 'garden.png', content: await png(), contentType: 'image/png' },
        { filename: 'notes.pdf', content: Buffer.from('%PDF-1.4 not a photo'), contentType: 'application/pdf' },
        { filename: 'broken.jpg', content: Buffer.from('not really a JPEG'), contentType: 'image/jpeg' },
      ],
    });
    const uploads = await t.deps.db
      .selectFrom('uploads')
      .select(['name', 'width', 'height'])
      .where('user_id', '=', me.id)
      .orderBy('created_at')
      .execute();
    expect(uploads).toHaveLength(2);
    const { html } = await draftOf(me.id);
    for (const u of uploads)
      expect(html).toContain(`<figure><img src="/media/${u.name}" alt="" width="${u.width}" height="${u.height}"></figure>`);
    expect(html.indexOf('my mother in the garden')).toBeLessThan(html.indexOf('<figure>'));
    // As the editor will read it: the figure kept, its description empty (the editor's "Describe photo").
    const read = await t.caller(me.id).drafts.get();
    expect(read.draft?.text.match(/<figure><img [^>]*alt=""/g)).toHaveLength(2);
    const [confirmation] = await settle(t, me.email, 1);
    expect(confirmation?.text).toContain('Your 2 photos are in it too.');
    expect(confirmation?.text).toMatch(/One attachment could not be added: broken\.jpg \(.+\)\. You can add photos on the write screen\./);
    // Each photo is served like one uploaded from the editor.
    expect((await t.app.request(`${ORIGIN}/media/${uploads[0]!.name}`)).status).toBe(200);
  });

  it('adds a replayed message once (same Message-ID), and the same answer sent again once', async () => {
    const me = await writer();
    const message = { from: me.email, to: me.reply, messageId: '<replay-1@mail.example>', text: quotedReply('Only once, please.') };
    await send(message);
    await send(message);
    await send({ ...message, messageId: '<replay-2@mail.example>' });
    expect(chapters((await draftOf(me.id)).html)).toBe(1);
    await settle(t, me.email, 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(await mailTo(t, me.email)).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('refuses a reply from another address, and tells the account’s own address, not the sender', async () => {
    const me = await writer();
    const before = await draftOf(me.id);
    const sent = await send({ from: 'someone.else@example.net', to: me.reply, text: 'I am not the writer.' });
    expect(sent.accepted).toEqual([me.reply]); // taken, then refused politely
    expect(await draftOf(me.id)).toEqual(before);
    const [refusal] = await settle(t, me.email, 1);
    expect(refusal?.subject).toBe('Your answer was not added to your story');
    expect(refusal?.text).toContain('someone.else@example.net');
    expect(refusal?.text).toContain(`we only take answers from ${me.email}`);
    expect(await mailTo(t, 'someone.else@example.net')).toEqual([]);
  });

  it('takes the account’s address in any case', async () => {
    const me = await writer();
    await send({ from: me.email.toUpperCase(), to: me.reply.toUpperCase(), text: 'Capital letters are fine.' });
    expect((await draftOf(me.id)).html).toContain('<p>Capital letters are fine.</p>');
  });

  it('refuses a message over the size limit with 552 at SMTP, and adds nothing', async () => {
    const me = await writer();
    const before = await draftOf(me.id);
    const huge = Buffer.alloc(t.config.inboundMail.maxBytes + 1024, 7);
    const err = await send({
      from: me.email,
      to: me.reply,
      text: 'Too big.',
      attachments: [{ filename: 'big.jpg', content: huge, contentType: 'image/jpeg' }],
    }).then(
      () => null,
      (e: { responseCode?: number; response?: string }) => e,
    );
    expect(err?.responseCode).toBe(552);
    expect(err?.response).toContain('Your reply is larger than 25 MB, usually because of its photos.');
    expect(await draftOf(me.id)).toEqual(before);
  });

  it('refuses the old address after the account changed its email', async () => {
    const me = await writer();
    const newEmail = `new-${me.email}`;
    await t.deps.db.updateTable('users').set({ email: newEmail }).where('id', '=', me.id).execute();
    const before = await draftOf(me.id);
    await send({ from: me.email, to: me.reply, text: 'From my old address.' });
    expect(await draftOf(me.id)).toEqual(before);
    const [refusal] = await settle(t, newEmail, 1);
    expect(refusal?.text).toContain(me.email);
    expect(await mailTo(t, me.email)).toEqual([]);
    // The new address is taken.
    await send({ from: newEmail, to: me.reply, text: 'From my new address.' });
    expect((await draftOf(me.id)).html).toContain('<p>From my new address.</p>');
  });

  it('refuses an unknown reply address at RCPT (550), with no reply of ours', async () => {
    const me = await writer();
    const unknown = `reply+${'0'.repeat(32)}@${t.config.inboundMail.domain}`;
    const err = await send({ from: me.email, to: unknown, text: 'Hello?' }).then(
      () => null,
      (e: { responseCode?: number }) => e,
    );
    expect(err?.responseCode).toBe(550);
    const other = await send({ from: me.email, to: 'someone@elsewhere.example', text: 'Relay me?' }).then(
      () => null,
      (e: { responseCode?: number }) => e,
    );
    expect(other?.responseCode).toBe(550);
    await new Promise((r) => setTimeout(r, 100));
    expect(await mailTo(t, me.email)).toEqual([]);
  });

  it('drops an out-of-office reply without adding or answering it', async () => {
    const me = await writer();
    const before = await draftOf(me.id);
    await send({ from: me.email, to: me.reply, text: 'I am away until Monday.', headers: { 'Auto-Submitted': 'auto-replied' } });
    expect(await draftOf(me.id)).toEqual(before);
    await new Promise((r) => setTimeout(r, 100));
    expect(await mailTo(t, me.email)).toEqual([]);
  });
});
