// The main journeys in Spanish on a phone (issue #30, docs/decisions/0042-interface-languages.md): a browser whose
// language is Spanish gets the site in Spanish from the first page (the server's <html lang>, head tags and
// hreflang too); registering, writing and publishing, reading, searching and notifications all speak Spanish, and
// the footer's switcher brings English back. Every screen passes axe in light and dark; screenshots show how the
// longer Spanish words fit a 390 px screen.
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { QUESTIONS_ES } from '../../server/src/contract/questions/questions.es';
import { expectNoAxeViolations } from './support/axe';
import {
  type E2eServer,
  hasAttribute,
  hasText,
  openPage,
  person,
  projected,
  publishStoryQuickly,
  registerPerson,
  screenshot,
  signInQuickly,
  visible,
  withServerAndBrowser,
} from './support/e2e';

let server: E2eServer;
let browser: Browser;
withServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Axe in light and dark, and a screenshot to look at. */
async function check(page: Page, name: string) {
  await expectNoAxeViolations(page, `spanish ${name}`, { dark: true });
  await screenshot(page, `spanish-${name}`);
  // No line of the page is wider than the phone: a long Spanish word must wrap, not push the page sideways.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} overflows sideways`).toBeLessThanOrEqual(0);
}

it('registers, writes, publishes, reads, searches and is notified in Spanish, then switches to English', async () => {
  const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone', { locale: 'es-ES' });

  // The home page, rendered by the server in Spanish: the language, the head and the hreflang alternates.
  const home = await page.goto('/');
  expect(home?.headers().vary).toMatch(/Accept-Language/);
  await hasAttribute(page.locator('html'), 'lang', 'es');
  await hasText(page.locator('h1'), 'Diga lo que piensa. Cuente su verdad. Escriba aquí su historia.');
  await hasAttribute(page.locator('link[rel="alternate"][hreflang="es"]'), 'href', `${server.baseUrl}/?lang=es`);
  await hasAttribute(page.locator('link[rel="alternate"][hreflang="x-default"]'), 'href', `${server.baseUrl}/`);
  await hasAttribute(page.locator('link[rel="canonical"]'), 'href', `${server.baseUrl}/?lang=es`);
  const switcher = page.getByRole('navigation', { name: 'Idioma' });
  await hasAttribute(switcher.getByRole('link', { name: 'Español' }), 'aria-current', 'true');
  await hasAttribute(switcher.getByRole('link', { name: 'English' }), 'lang', 'en');
  await visible(page.getByRole('link', { name: 'Comience su viaje' }));
  await check(page, 'home');

  // Register: the form, its own checks and its labels in Spanish.
  const me = person();
  await page.getByRole('link', { name: 'Comience su viaje' }).click();
  await hasText(page.locator('h1'), 'Cree su cuenta');
  await page.getByLabel('Nombre', { exact: true }).fill(me.first_name);
  await page.getByLabel('Apellidos').fill(me.last_name);
  await page.getByLabel('Nombre de usuario').fill(me.username);
  await page.getByLabel('Correo electrónico').fill(me.email);
  await page.getByLabel('Fecha de nacimiento').fill(me.dob);
  await page.getByLabel('Contraseña', { exact: true }).fill(me.password);
  await page.getByLabel('Confirmación de la contraseña', { exact: true }).fill(`${me.password}x`);
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await hasText(page.getByRole('alert'), 'Las contraseñas no coinciden.');
  await check(page, 'register');
  await page.getByLabel('Confirmación de la contraseña', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Registrarse' }).click();

  // Sign in.
  await page.waitForURL(/\/login\?registered=1/);
  await hasText(page.locator('h1'), 'Bienvenido');
  await page.getByLabel('Contraseña', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await hasText(page.getByRole('alert'), 'El correo electrónico o la contraseña no son correctos.');
  await check(page, 'login');
  await page.getByLabel('Contraseña', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL((url) => url.pathname === '/');

  // Write and publish.
  await page.goto('/story/write');
  await hasText(page.locator('h1'), 'Escriba su historia');
  await page.getByLabel('Título', { exact: true }).fill('Mi vida en Valparaíso');
  const editor = page.getByRole('textbox', { name: 'Historia', exact: true });
  await editor.click();
  await page.keyboard.type('Nací en una casa azul junto al puerto, donde los barcos llegaban cada mañana.');
  await hasText(page.locator('.draft-status-text'), 'Todos los cambios guardados');
  await visible(page.getByRole('group', { name: 'Quién puede leer su historia' }));
  await check(page, 'write');
  await page.getByRole('button', { name: 'Guardar historia' }).click();
  const preview = page.getByRole('dialog', { name: 'La página 1 tal como la verán sus lectores' });
  await hasText(preview.locator('.publish-preview-who'), 'Todo el mundo podrá encontrarla y leerla.');
  await preview.getByRole('button', { name: 'Publicar mi historia' }).click();

  // Read it.
  await page.waitForURL(new RegExp(`/story/${me.username}/page/1$`));
  await hasText(page.locator('.story-byline'), `Por ${me.username}`);
  await visible(page.getByRole('button', { name: 'Me gusta' }));
  await visible(page.getByRole('group', { name: 'Tamaño del texto' }));
  await hasText(page.locator('.story-audience'), /Publicada: visible para todo el mundo\./);
  await check(page, 'story');

  // Someone else likes it and comments (in their own browser, in English).
  const reader = await registerPerson(server.baseUrl, { first_name: 'Ana', last_name: 'Rojas' });
  const other = await openPage(browser, server.baseUrl, 'phone');
  await signInQuickly(other.context, server.baseUrl, reader);
  const liked = await other.context.request.post(`${server.baseUrl}/api/users/like`, {
    data: { data: { story_username: me.username, liked: false } },
    headers: { origin: server.baseUrl },
  });
  expect(liked.ok()).toBe(true);
  await other.context.close();
  await projected(server);

  // Search finds the story.
  await page.goto('/explore');
  await hasText(page.locator('h1'), 'Buscar');
  await page.getByLabel('Buscar historias y personas').fill('Valparaíso');
  await hasText(page.locator('.search-results-title'), 'Resultados para «Valparaíso»');
  await visible(page.locator('.search-results').getByRole('link', { name: /Mi vida en Valparaíso/ }));
  await check(page, 'search');

  // Notifications, their sentences made by the server in Spanish.
  await page.goto('/notifications');
  await hasText(page.locator('h1'), 'Notificaciones');
  await hasText(page.locator('.notification-text').first(), /Su historia gustó a Ana Rojas esta semana/);
  await visible(page.getByRole('button', { name: 'Marcar todo como leído' }));
  await check(page, 'notifications');

  // Back to English with the footer's switcher: at once, and kept for the account.
  await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'English' }).click();
  await hasText(page.locator('h1'), 'Notifications');
  await hasAttribute(page.locator('html'), 'lang', 'en');
  await hasText(page.locator('.notification-text').first(), /Ana Rojas liked your story this week/);
  await page.reload();
  await hasText(page.locator('h1'), 'Notifications');
  await hasAttribute(page.locator('html'), 'lang', 'en');

  expect(errors).toEqual([]);
  await context.close();
}, 180_000);

it('renders a page for a signed-out reader in the language asked for, and keeps each language apart', async () => {
  // The same address, asked for in Spanish and in English by the browser, and by ?lang=: the kept pages never mix.
  const es = await fetch(`${server.baseUrl}/explore`, { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
  expect(await es.text()).toMatch(/<html lang="es"[\s\S]*<title>Buscar · Life Story<\/title>/);
  const en = await fetch(`${server.baseUrl}/explore`, { headers: { 'accept-language': 'en-GB' } });
  expect(await en.text()).toMatch(/<html lang="en"[\s\S]*<title>Search · Life Story<\/title>/);
  const chosen = await fetch(`${server.baseUrl}/explore?lang=es`, { headers: { 'accept-language': 'en' } });
  expect(chosen.headers.get('set-cookie')).toMatch(/^lang=es; Path=\/; Max-Age=\d+; SameSite=Lax/);
  expect(await chosen.text()).toMatch(/<html lang="es"/);
  // The cookie then wins over the browser's language, for a reader who chose.
  const remembered = await fetch(`${server.baseUrl}/explore`, { headers: { 'accept-language': 'en', cookie: 'lang=es' } });
  expect(await remembered.text()).toMatch(/<html lang="es"/);
  // The app shell of a screen the server does not render follows the same rule.
  const shell = await fetch(`${server.baseUrl}/login`, { headers: { 'accept-language': 'es' } });
  expect(shell.headers.get('vary')).toMatch(/Accept-Language/);
  expect(await shell.text()).toMatch(/<html lang="es"/);
  // The 404, in Spanish.
  const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone', { locale: 'es-ES' });
  await page.goto('/no-such-page');
  await hasText(page.locator('h1'), 'Lo sentimos, no hemos encontrado la página');
  await check(page, 'not-found');
  expect(errors).toEqual([]);
  await context.close();
});

it('shows a Spanish writer her versions and her readers in Spanish', async () => {
  const writer = await registerPerson(server.baseUrl, { first_name: 'Lucía', last_name: 'Vera' });
  const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone', { locale: 'es-ES' });
  await signInQuickly(context, server.baseUrl, writer);
  // Two saves: two versions, the newer one what readers see.
  await publishStoryQuickly(context, server.baseUrl, 'Mi vida en Valparaíso', '<p>Nací en una casa azul junto al puerto.</p>');
  await publishStoryQuickly(context, server.baseUrl, 'Mi vida en Valparaíso', '<p>Nací en una casa azul junto al puerto, al amanecer.</p>');

  await page.goto('/story/versions');
  await hasText(page.locator('h1'), 'Versiones');
  await expect(page.title()).resolves.toBe('Versiones de su historia · Life Story');
  await visible(page.getByRole('link', { name: 'Versión 2 (actual): Mi vida en Valparaíso' }));
  await hasText(page.locator('.versions-meta').first(), /^Publicada el .+ · \d+ palabras$/);
  await check(page, 'versions');

  // The older version: compared word by word with the story now.
  await page.getByRole('link', { name: 'Versión 1: Mi vida en Valparaíso' }).click();
  await hasText(page.locator('h1'), 'Versión 1 de su historia');
  await visible(page.getByRole('button', { name: 'Recuperar esta versión' }));
  await visible(page.getByRole('list', { name: 'Cómo leer la comparación' }));
  await hasText(page.locator('.word-diff-legend li').first(), 'Tachado: solo en la historia actual');
  await check(page, 'version');

  await page.goto('/readers');
  await hasText(page.locator('h1'), 'Sus lectores');
  await hasText(page.locator('.readers-audience p').first(), 'Ahora mismo todo el mundo puede leer su historia.');
  await page.getByLabel('Nombre', { exact: true }).fill('Ana');
  await page.getByLabel('Correo electrónico', { exact: true }).fill('ana.es@example.org');
  await page.getByRole('button', { name: 'Enviar las invitaciones' }).click();
  await hasText(page.locator('.readers-status').first(), 'Invitación enviada a Ana.');
  await hasText(page.locator('.reader-state').first(), /^Invitación del .+, todavía no la ha abierto\.$/);
  await visible(page.getByRole('button', { name: 'Enviar de nuevo a Ana' }));
  await visible(page.getByText('Todavía nadie sigue su historia.', { exact: false }));
  await check(page, 'readers');

  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

it('edits the profile, makes a developer token and finds moderation closed, in Spanish on a phone', async () => {
  const me = await registerPerson(server.baseUrl);
  const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone', { locale: 'es-ES' });
  await signInQuickly(context, server.baseUrl, me);

  // Edit profile: its headings, labels and the danger zone in Spanish; the page's title too.
  await page.goto('/profile/edit');
  await hasText(page.locator('h1'), 'Editar el perfil');
  await visible(page.getByRole('heading', { name: 'Foto y datos para iniciar sesión' }));
  await visible(page.getByRole('heading', { name: 'Zona de peligro' }));
  await visible(page.getByRole('button', { name: 'Guardar el perfil' }));
  expect(await page.title()).toBe('Editar el perfil · Life Story');
  await page.getByLabel('Correo electrónico', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Guardar el perfil' }).click();
  await visible(page.getByText('El correo electrónico es obligatorio.'));
  await check(page, 'edit-profile');

  // Developer access, on the profile: the form and its choices in Spanish.
  await page.goto('/profile');
  await visible(page.getByRole('heading', { name: 'Acceso para desarrolladores' }));
  await visible(page.getByText('Espacio para fotos'));
  await page.getByRole('button', { name: 'Crear un token' }).click();
  await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Copia de seguridad');
  await page.getByRole('button', { name: 'Crear el token' }).click();
  await visible(page.getByRole('heading', { name: 'Su nuevo token «Copia de seguridad»' }));
  await visible(page.getByText('Todavía sin usar.'));
  await check(page, 'developer-access');

  // Moderation is for the site's moderators: the page says so in Spanish.
  await page.goto('/moderation');
  await hasText(page.locator('h1'), 'Moderación');
  await hasText(page.locator('.notice'), 'Solo los moderadores del sitio pueden ver esta página.');
  await check(page, 'moderation-closed');

  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

it('offers a Spanish writer the question picker and "Your life so far" in Spanish', async () => {
  const who = await registerPerson(server.baseUrl);
  const { context, page, errors } = await openPage(browser, server.baseUrl, 'phone', { locale: 'es-ES' });
  await signInQuickly(context, server.baseUrl, who);
  await page.goto('/story/write');
  await visible(page.getByRole('textbox', { name: 'Historia', exact: true }));
  await page.getByRole('button', { name: '¿Necesita una idea? Responda a una pregunta' }).click();
  const picker = page.getByRole('region', { name: 'Preguntas para empezar' });
  const first = QUESTIONS_ES.questions.find((q) => q.id === 'roots-and-family-001')!.text;
  await visible(picker.getByRole('button', { name: `Raíces y familia ${first}` }));
  await visible(picker.getByRole('button', { name: 'No es para mí' }).first());
  await visible(picker.getByRole('button', { name: 'Ver otras preguntas' }));
  await page.getByRole('button', { name: 'Su vida hasta ahora' }).click();
  await visible(page.getByRole('columnheader', { name: 'Etapa' }));
  await visible(page.getByRole('rowheader', { name: 'Raíces y familia', exact: true }));
  await hasText(page.locator('.life-table tbody tr').first().locator('td'), 'Sin escribir todavía');
  await check(page, 'questions');
  expect(errors).toEqual([]);
  await context.close();
});
