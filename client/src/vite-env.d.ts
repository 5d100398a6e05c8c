/// <reference types="vite/client" />

// The web fonts' list, written with the subset files by scripts/web-fonts.mjs before a build (not in git).
declare module '*/styles/web-fonts/faces.js' {
  export const WEB_FONT_FACES: import('./lib/web-fonts').WebFontFace[];
}
