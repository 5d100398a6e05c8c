// The language a page is served in (docs/decisions/0042-interface-languages.md): one rule, the core's chooseLocale,
// fed from the request (?lang=, the `lang` cookie, Accept-Language) and the signed-in person's setting.
import type { Context, MiddlewareHandler } from 'hono';
import { isLocale, LANG_COOKIE, LANG_QUERY, type Locale } from '../../contract/locale';
import { interfaceLocaleOf } from '../../core/accounts/interface-locale';
import { resolveSession } from '../../core/accounts/sessions';
import { chooseLocale } from '../../core/shared/choose-locale';
import type { CoreDeps } from '../../core/shared/core-deps';
import { isSecure } from './request-context';
import { requestCookie, requestHeader } from './request-header';
import { SESSION_COOKIE } from './session-cookie';

/** The request's language for a person whose own setting is `account` (null: signed out, or never chosen). */
export function requestLocale(c: Context, account: Locale | null = null): Locale {
  return chooseLocale({
    query: c.req.query(LANG_QUERY),
    account,
    cookie: requestCookie(c, LANG_COOKIE),
    acceptLanguage: requestHeader(c, 'accept-language'),
  });
}

/** The language of a signed-in person's pages: their setting first. */
export async function signedInLocale(deps: CoreDeps, c: Context, userId: number): Promise<Locale> {
  return requestLocale(c, await interfaceLocaleOf(deps, userId));
}

/** The app shell's language: the signed-in person's (a cookie that names no session is a signed-out reader's). */
export function shellLocale(deps: CoreDeps): (c: Context) => Promise<Locale> {
  return async (c) => {
    const session = await resolveSession(deps, requestCookie(c, SESSION_COOKIE));
    return session ? signedInLocale(deps, c, session.userId) : requestLocale(c);
  };
}

/** What a page's language depends on: a shared cache must keep one copy per value of these (and our pages say no-cache). */
export const LANGUAGE_VARY = 'Cookie, Accept-Language';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * A page asked for with ?lang=en|es (the footer's switcher without the app, or an hreflang alternate) remembers the
 * choice in the `lang` cookie, so the next pages of a signed-out reader are in it too. Not HttpOnly: the app sets
 * the same cookie when the switcher is pressed with the app running.
 */
export function rememberLanguageChoice(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const lang = c.req.query(LANG_QUERY);
    if (c.req.method !== 'GET' || !isLocale(lang) || !c.res.headers.get('content-type')?.startsWith('text/html')) return;
    const secure = isSecure(c, trustProxy) ? '; Secure' : '';
    c.res.headers.append('set-cookie', `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`);
  };
}
