// The interface's language over HTTP (issue #30, docs/decisions/0042-interface-languages.md): a reader page and the
// app shell in the language the request asks for (?lang=, the `lang` cookie, Accept-Language) or the account's
// setting, with <html lang>, the head in that language, hreflang alternates, kept pages apart per language; the
// setting saved by accounts.setLocale; the person's notification sentences and password emails in their language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { createApp } from '../../server/src/app';
import { appWithPages } from '../support/app-with-pages';
import { makeTestApp, signedInPerson, storyHtml, type TestApp } from '../support/test-app';
import { mailTo, settle } from '../support/outbox';

const ORIGIN = 'http://localhost';
let t: TestApp;
let pages: ReturnType<typeof appWithPages>;
let app: ReturnType<typeof createApp>;

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await app.request(`${ORIGIN}${url}`, { headers });
  return { status: res.status, html: (await res.text()).replaceAll('<!-- -->', ''), headers: res.headers };
}

const htmlLang = (html: string) => html.match(/<html lang="([^"]*)"/)?.[1];
const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

beforeAll(async () => {
  t = await makeTestApp();
  pages = appWithPages(t);
  app = pages.app;
  const author = await signedInPerson(t, { username: 'lang_author', first_name: 'Rosa', last_name: 'Vidal' });
  expect((await author.client.post('/api/stories/save', { title: 'Cartas de Cádiz', text: storyHtml(3) })).status).toBe(201);
  await t.deps.projector.drain();
});

afterAll(async () => {
  await t.close();
  pages.remove();
});

describe('reader pages', () => {
  it('come in the language the browser asks for, with the head, hreflang and Vary to match', async () => {
    const es = await get('/story/lang_author/page/1', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(es.status).toBe(200);
    expect(htmlLang(es.html)).toBe('es');
    expect(title(es.html)).toBe('Cartas de Cádiz · Life Story');
    expect(es.html).toContain('<meta property="og:locale" content="es_ES" />');
    expect(es.html).toContain(`<link rel="canonical" href="${ORIGIN}/story/lang_author/page/1?lang=es" />`);
    expect(es.html).toContain(`<link rel="alternate" hreflang="en" href="${ORIGIN}/story/lang_author/page/1?lang=en" />`);
    expect(es.html).toContain(`<link rel="alternate" hreflang="es" href="${ORIGIN}/story/lang_author/page/1?lang=es" />`);
    expect(es.html).toContain(`<link rel="alternate" hreflang="x-default" href="${ORIGIN}/story/lang_author/page/1" />`);
    expect(es.html).toContain('<h2 id="comments-heading">Comentarios</h2>');
    expect(es.html).toContain('Por <bdi>lang_author</bdi>');
    expect(es.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');

    // The same address in English right after: the kept Spanish page is not it.
    const en = await get('/story/lang_author/page/1', { 'accept-language': 'en-GB' });
    expect(htmlLang(en.html)).toBe('en');
    expect(en.html).toContain(`<link rel="canonical" href="${ORIGIN}/story/lang_author/page/1" />`);
    expect(en.html).toContain('<h2 id="comments-heading">Comments</h2>');
    expect(en.html).not.toContain('Comentarios');
    // No language asked for, or one we do not have: English.
    expect(htmlLang((await get('/explore')).html)).toBe('en');
    expect(title((await get('/explore', { 'accept-language': 'de-DE' })).html)).toBe('Search · Life Story');
    expect(title((await get('/explore', { 'accept-language': 'es' })).html)).toBe('Buscar · Life Story');
  });

  it('take ?lang= as a choice, remembered in the lang cookie, which then wins over the browser', async () => {
    const chosen = await get('/explore/top?lang=es', { 'accept-language': 'en' });
    expect(htmlLang(chosen.html)).toBe('es');
    expect(title(chosen.html)).toBe('Historias destacadas · Life Story');
    expect(chosen.headers.get('set-cookie')).toBe('lang=es; Path=/; Max-Age=31536000; SameSite=Lax');
    const after = await get('/explore/top', { 'accept-language': 'en', cookie: 'lang=es' });
    expect(htmlLang(after.html)).toBe('es');
    expect(after.headers.get('set-cookie')).toBeNull();
    // A made-up language changes nothing and sets nothing.
    const bogus = await get('/explore/top?lang=xx', { 'accept-language': 'en' });
    expect(htmlLang(bogus.html)).toBe('en');
    expect(bogus.headers.get('set-cookie')).toBeNull();
  });

  it('the 404 in Spanish', async () => {
    const res = await get('/no/such/page', { 'accept-language': 'es' });
    expect(res.status).toBe(404);
    expect(title(res.html)).toBe('Página no encontrada · Life Story');
    expect(res.html).toContain('Lo sentimos, no hemos encontrado la página');
  });
});

describe("the account's language", () => {
  it('is saved by accounts.setLocale and makes the app shell, notifications and emails Spanish', async () => {
    const me = await signedInPerson(t, { username: 'lang_reader', email: 'lang.reader@example.org' });
    const fan = await signedInPerson(t, { username: 'lang_fan', first_name: 'Ana', last_name: 'Rojas' });
    expect((await me.client.post('/api/stories/save', { title: 'Mi vida', text: storyHtml(1) })).status).toBe(201);
    expect((await fan.client.post('/api/users/like', { data: { story_username: 'lang_reader', liked: false } })).status).toBe(201);
    await t.deps.projector.drain();
    const shell = () => app.request(`${ORIGIN}/profile`, { headers: { cookie: me.client.cookie!, 'accept-language': 'en' } });

    expect(htmlLang(await (await shell()).text())).toBe('en');
    const english = await me.client.get('/trpc/notifications.list?input=%7B%7D');
    expect(english.body.result.data[0].text).toBe('Ana Rojas liked your story this week');
    // The request's own language serves until the person chooses.
    const asked = await me.client.get('/trpc/notifications.list?input=%7B%7D', { headers: { 'accept-language': 'es' } });
    expect(asked.body.result.data[0].text).toBe('Su historia gustó a Ana Rojas esta semana');

    expect((await me.client.post('/trpc/accounts.setLocale', { locale: 'es' })).status).toBe(200);
    const res = await shell();
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(htmlLang(await res.text())).toBe('es');
    const spanish = await me.client.get('/trpc/notifications.list?input=%7B%7D');
    expect(spanish.body.result.data[0].text).toBe('Su historia gustó a Ana Rojas esta semana');

    const before = (await mailTo(t, 'lang.reader@example.org')).length;
    await t.client().post('/trpc/accounts.requestPasswordReset', { email: 'lang.reader@example.org' });
    const mail = (await settle(t, 'lang.reader@example.org', before + 1))[before];
    expect(mail!.subject).toBe('Elija una contraseña nueva para Life Story');
    expect(mail!.text).toContain('abra este enlace en los próximos 30 minutos');

    // Only our languages: anything else is a 400 with a message, never a 500.
    const bad = await me.client.post('/trpc/accounts.setLocale', { locale: 'fr' });
    expect(bad.status).toBe(400);
    expect((await t.client().post('/trpc/accounts.setLocale', { locale: 'es' })).status).toBe(401);
  });
});
