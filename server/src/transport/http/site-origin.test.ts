import { describe, expect, it } from 'vitest';
import { listenOrigin, siteOrigin } from './site-origin';

describe('listenOrigin', () => {
  it.each([
    [{ host: '127.0.0.1', port: 3000 }, 'http://127.0.0.1:3000'],
    [{ host: '0.0.0.0', port: 3000 }, 'http://localhost:3000'],
    [{ host: '::', port: 8080 }, 'http://localhost:8080'],
    [{ host: '::1', port: 3000 }, 'http://[::1]:3000'],
    [{ host: 'Stories-Box', port: 80 }, 'http://stories-box'],
  ])('%j is %s', (listen, origin) => expect(listenOrigin(listen)).toBe(origin));
});

describe('siteOrigin', () => {
  it('is PUBLIC_ORIGIN when set, else the address listened on, read when asked (PORT=0 is known once listening)', () => {
    expect(siteOrigin('https://stories.example', { host: '127.0.0.1', port: 3000 })()).toBe('https://stories.example');
    const listen = { host: '127.0.0.1', port: 0 };
    const origin = siteOrigin(undefined, listen);
    listen.port = 41234;
    expect(origin()).toBe('http://127.0.0.1:41234');
  });
});
