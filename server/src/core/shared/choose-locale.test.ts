import { describe, expect, it } from 'vitest';
import { acceptedLanguages, chooseLocale, negotiateLocale } from './choose-locale';

describe('acceptedLanguages', () => {
  it('orders by q, keeping the order of equal weights, and drops q=0 and *', () => {
    expect(acceptedLanguages('de;q=0.5, es-MX, en;q=0.9, fr;q=0, *;q=0.1')).toEqual(['es-MX', 'en', 'de']);
    expect(acceptedLanguages('en-GB,en;q=0.8,es;q=0.8')).toEqual(['en-GB', 'en', 'es']);
  });
  it('leaves out what is not a language tag, and a malformed q', () => {
    expect(acceptedLanguages('<script>, es;q=abc, en;q=2, pt')).toEqual(['pt']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('negotiateLocale', () => {
  it('finds our language in a regional or neighbouring tag', () => {
    expect(negotiateLocale('es-ES,es;q=0.9')).toBe('es');
    expect(negotiateLocale('es-419')).toBe('es');
    expect(negotiateLocale('en-GB')).toBe('en');
  });
  it('prefers the most wanted language we have', () => {
    expect(negotiateLocale('de-DE, es;q=0.8, en;q=0.5')).toBe('es');
    expect(negotiateLocale('de-DE, en;q=0.8, es;q=0.5')).toBe('en');
    expect(negotiateLocale('en;q=0.2, es;q=0.7')).toBe('es');
  });
  it('is null when none of ours is asked for', () => {
    expect(negotiateLocale('de-DE,fr;q=0.9')).toBeNull();
    expect(negotiateLocale('es;q=0')).toBeNull();
    expect(negotiateLocale('x-klingon')).toBeNull();
  });
});

describe('chooseLocale', () => {
  it('takes ?lang=, then the account, then the cookie, then the browser, then English', () => {
    const all = { query: 'es', account: 'en', cookie: 'en', acceptLanguage: 'en' };
    expect(chooseLocale(all)).toBe('es');
    expect(chooseLocale({ ...all, query: null })).toBe('en');
    expect(chooseLocale({ account: 'es', cookie: 'en', acceptLanguage: 'en' })).toBe('es');
    expect(chooseLocale({ account: null, cookie: 'es', acceptLanguage: 'en' })).toBe('es');
    expect(chooseLocale({ cookie: null, acceptLanguage: 'es-AR,en;q=0.5' })).toBe('es');
    expect(chooseLocale({ acceptLanguage: 'fr' })).toBe('en');
    expect(chooseLocale({})).toBe('en');
  });
  it('ignores a value that is not one of our languages', () => {
    expect(chooseLocale({ query: 'fr', account: 'xx', cookie: '<b>', acceptLanguage: 'es' })).toBe('es');
  });
});
