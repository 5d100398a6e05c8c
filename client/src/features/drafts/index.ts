// What the rest of the client uses of drafts. The write and versions screens are not here: pages/ imports them
// by their own files, so the editor stays in the write screen's lazy chunk (docs/architecture.md, "Client").
export { settleDeviceDraftBeforeLogout } from './logout-drafts';
