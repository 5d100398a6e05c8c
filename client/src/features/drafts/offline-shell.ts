// Lets /story/write open without a network (issue #11): registers public/write-offline-sw.js and hands it the
// built files this page loaded, so a reload while offline still starts the editor, which then restores the
// text from the copy on the device. Only the write screen calls this: readers never get a service worker.
export function keepWriteScreenOffline(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker
    .register('/write-offline-sw.js')
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => {
      const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
      const linked = [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[href]')].map((el) =>
        el instanceof HTMLScriptElement ? el.src : el.href,
      );
      registration.active?.postMessage({ keep: [...loaded, ...linked] });
    })
    .catch((error: unknown) => console.warn('The write screen will not open offline', error));
}
