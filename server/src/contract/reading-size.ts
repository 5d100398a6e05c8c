// The reader's text size (issue #26, point 7), shared by the client (client/src/lib/text-size.ts) and the server
// renderer: the steps, the key the device keeps the chosen step under, and the one-line script a server-rendered
// page runs in its head, so the kept size applies before the first paint. The CSP allows that script by its hash
// (transport/http/security-headers.ts): no other inline script runs.
export const READING_SIZE_STEPS = [1, 1.15, 1.3, 1.5, 1.75] as const;
export const READING_SIZE_KEY = 'reading-text-size';

export const READING_SIZE_SCRIPT = `try{var v=${JSON.stringify(READING_SIZE_STEPS)}[localStorage.getItem(${JSON.stringify(READING_SIZE_KEY)})];if(v)document.documentElement.style.setProperty("--reading-scale",String(v))}catch(e){}`;
