// The write screen's offline shell (issue #11, docs/decisions/0012-drafts-revisions-and-versions.md): with the
// network down, reloading /story/write still opens the editor, which restores the text from the copy on the
// device. Only the write screen's page and the built files it used are kept; every other request, and every
// request while online, goes to the server as usual. Registered by the write screen alone, never by readers.
const CACHE = 'life-story-write-offline-v1';
const SHELL = '/story/write';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(SHELL))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('life-story-write-offline-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

/** The page lists the built files it loaded (/assets/..., hashed, so a cached copy never goes stale). */
self.addEventListener('message', (event) => {
  const urls = Array.isArray(event.data?.keep) ? event.data.keep : [];
  const own = urls.filter((u) => {
    try {
      const url = new URL(u, self.location.origin);
      return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
    } catch {
      return false;
    }
  });
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => Promise.all(own.map((u) => cache.match(u).then((hit) => hit || cache.add(u)))).catch(() => undefined)),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname === SHELL) {
    // Network first: online, the page is always the server's; offline, the last one kept.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(SHELL, copy)));
          }
          return response;
        })
        .catch(() => caches.match(SHELL).then((hit) => hit || Response.error())),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Only offline: the server answers as usual whenever it can.
    event.respondWith(fetch(request).catch(() => caches.match(request).then((hit) => hit || Response.error())));
  }
});
