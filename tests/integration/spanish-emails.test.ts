// The emails in their recipient's language (docs/decisions/0042-interface-languages.md): a person whose account says
// Spanish (accounts.setLocale) gets Spanish email changes, moderation notices and weekly emails; an address with no
// account of its own (an invitee, a follower by email) gets the inviter's or the author's language; a new account's
// verification link comes in the language the form was in. One email of each family, through the HTTP surface and the
// outbox, like the English tests of each.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendFollowDigests } from '../../server/src/core/follows/daily-digest';
import { sendWeeklyDigests } from '../../server/src/core/notifications/weekly-digest';
import { makeAdmin } from '../support/admin';
import { DAY, FakeClock } from '../support/fake-clock';
import { mailTo, settle } from '../support/outbox';
import { makeTestApp, ORIGIN, person, signedInPerson, storyHtml, type TestApp } from '../support/test-app';

let t: TestApp;
let clock: FakeClock;

beforeAll(async () => {
  clock = new FakeClock();
  t = await makeTestApp({ clock, env: { ADMIN_EMAILS: 'jefa@sitio.example,rosa.api@sitio.example,rose.api@sitio.example' } });
});
afterAll(() => t.close());

/** A signed-in person whose account's language is Spanish. */
async function spanishPerson(overrides: Record<string, unknown>) {
  const p = await signedInPerson(t, overrides);
  expect((await p.client.post('/trpc/accounts.setLocale', { locale: 'es' })).status).toBe(200);
  return p;
}

/** The n-th email (1-based) to an address, once it is there. */
async function nth(address: string, n: number): Promise<ParsedMail> {
  const mails = await settle(t, address, n);
  expect(mails.length).toBeGreaterThanOrEqual(n);
  return mails[n - 1]!;
}

const linkIn = (mail: ParsedMail, path: string) => {
  const m = (mail.text ?? '').match(new RegExp(`${ORIGIN}${path}[^\\s]+`));
  if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
  return m[0].slice(ORIGIN.length);
};

describe('emails in Spanish', () => {
  it('a new account: its verification link (with the moderators warning) in the language of the form', async () => {
    const fields = person({ username: 'jefa', email: 'jefa@sitio.example' });
    const res = await t.client().post('/trpc/accounts.register', fields, { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(res.status, res.text).toBe(200);
    const mail = await nth('jefa@sitio.example', 1);
    expect(mail.subject).toBe('Confirme su dirección de correo para Life Story');
    expect(mail.text).toContain('¡Bienvenido/a a Life Story! Alguien, esperamos que usted, ha creado la cuenta jefa');
    expect(mail.text).toContain('Esta dirección está en la lista de moderadores de Life Story');
    expect(mail.html).toContain('abra este enlace en las próximas 48 horas');
  });

  it('/api/auth/register: the verification link in the language the request asks for, English without one', async () => {
    const spanish = person({ username: 'rosa_api', email: 'rosa.api@sitio.example' });
    const res = await t.client().post('/api/auth/register', spanish, { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
    expect(res.status, res.text).toBe(201);
    expect((await nth('rosa.api@sitio.example', 1)).subject).toBe('Confirme su dirección de correo para Life Story');
    const english = person({ username: 'rose_api', email: 'rose.api@sitio.example' });
    expect((await t.client().post('/api/auth/register', english)).status).toBe(201);
    expect((await nth('rose.api@sitio.example', 1)).subject).toBe('Confirm your email address for Life Story');
  });

  it('an email change: the link to the new address and the notice to the old one', async () => {
    const me = await spanishPerson({ username: 'ines_es', email: 'ines@example.org' });
    const res = await me.client.post('/trpc/emailChange.request', { email: 'ines.nueva@example.net', current_password: me.password });
    expect(res.status, res.text).toBe(200);
    const link = await nth('ines.nueva@example.net', 1);
    expect(link.subject).toBe('Confirme su nueva dirección de correo para Life Story');
    expect(link.text).toContain('Para confirmarla, abra este enlace en las próximas 24 horas:');
    const notice = await nth('ines@example.org', 1);
    expect(notice.subject).toBe('Su dirección de correo de Life Story está a punto de cambiar');
    expect(notice.text).toContain('pulse «No he sido yo»');
    expect(notice.text).not.toMatch(/Someone|If this was you/);
  });

  it("an invitation speaks the inviter's language", async () => {
    const writer = await spanishPerson({ username: 'abuela_rosa', first_name: 'Rosa', last_name: 'Vidal' });
    expect((await writer.client.post('/trpc/stories.publish', { title: 'Mi vida', text: storyHtml(1) })).status).toBe(200);
    const res = await writer.client.post('/trpc/circle.invite', { readers: [{ email: 'nieto@example.org', name: 'Pablo' }] });
    expect(res.status, res.text).toBe(200);
    const mail = await nth('nieto@example.org', 1);
    expect(mail.subject).toBe('Rosa Vidal (abuela_rosa) le invita a leer «Mi vida»');
    expect(mail.text).toContain('Querido/a Pablo:');
    expect(mail.text).toContain('Este enlace es suyo');
  });

  it("following by email: the confirmation and the daily news in the author's language", async () => {
    const author = await spanishPerson({ username: 'autor_es', first_name: 'Carmen' });
    const publish = (text: string) => author.client.post('/trpc/stories.publish', { title: 'Mi pueblo', text });
    expect((await publish('<h2>La infancia</h2><p>Crecí junto al río.</p>')).status).toBe(200);
    const asked = await t.client().post('/trpc/follows.followByEmail', { story_username: 'autor_es', email: 'lectora@example.org' });
    expect(asked.status, asked.text).toBe(200);
    const confirm = await nth('lectora@example.org', 1);
    expect(confirm.subject).toBe('Confirme: seguir «Mi pueblo» en Life Story');
    expect(confirm.text).toContain('cada vez que Carmen añada algo a «Mi pueblo»');
    expect((await t.client().post(linkIn(confirm, '/follow/confirm/'))).status).toBe(200);

    clock.advance(60_000);
    expect((await publish('<h2>La infancia</h2><p>Crecí junto al río.</p><h2>La escuela</h2><p>Mi maestra.</p>')).status).toBe(200);
    expect(await sendFollowDigests(t.deps, { origin: ORIGIN })).toBe(1);
    const news = await nth('lectora@example.org', 2);
    expect(news.subject).toBe('Novedades en «Mi pueblo»: La escuela');
    expect(news.text).toContain('Carmen ha añadido un capítulo nuevo a «Mi pueblo»:');
    expect(news.text).toContain('porque sigue «Mi pueblo» en Life Story');
  });

  it('a moderation notice', async () => {
    const admin = await makeAdmin(t, await signedInPerson(t, { username: 'mod_admin' }));
    const author = await spanishPerson({ username: 'autora_mod' });
    expect((await author.client.post('/trpc/stories.publish', { title: 'Veranos', text: storyHtml(1) })).status).toBe(200);
    const res = await admin.client.post('/trpc/moderation.hide', {
      target: { kind: 'story', story_username: 'autora_mod' },
      reason: 'Publicidad de una tienda.',
    });
    expect(res.status, res.text).toBe(200);
    const mail = await nth(author.email, 1);
    expect(mail.subject).toBe('Se ha ocultado su historia en Life Story');
    expect(mail.text).toContain('ha ocultado su historia «Veranos» (cuenta autora_mod) a los lectores.');
    expect(mail.text).toContain('El motivo que ha dado el moderador: Publicidad de una tienda.');
  });

  it('the weekly email: its framing and its sentences', async () => {
    const maria = await spanishPerson({ username: 'maria_semana' });
    expect((await maria.client.post('/trpc/stories.publish', { title: 'Mi semana', text: storyHtml(1) })).status).toBe(200);
    const settings = { likes: true, saves: true, comments: true, replies: true, weekly_digest: true };
    expect((await maria.client.post('/trpc/notifications.updateSettings', settings)).status).toBe(200);
    const fan = await signedInPerson(t, { username: 'fan_semana' });
    expect((await fan.client.post('/trpc/social.like', { story_username: 'maria_semana', on: true })).status).toBe(200);
    await t.deps.projector.drain();
    clock.advance(7 * DAY);
    const before = (await mailTo(t, maria.email)).length;
    expect(await sendWeeklyDigests(t.deps, { origin: ORIGIN })).toBeGreaterThanOrEqual(1);
    const mail = await nth(maria.email, before + 1);
    expect(mail.subject).toBe('Su semana en Life Story');
    expect(mail.text).toContain('Esto es lo que ha pasado alrededor de su historia en Life Story esta última semana:');
    expect(mail.text).toMatch(/• .* la semana pasada\./);
    expect(mail.text).toContain('desactive «Correo semanal» aquí:');
  });
});
