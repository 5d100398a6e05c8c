// The look of the few pages the server writes itself, without the client: the pages behind emailed links
// (follow-pages.ts, invitation-route.ts). A reader arrives on them from her mail program, often on a phone, so they
// read like the site: its colours (client/src/styles/tokens.css, light and dark), a large type, one column, a button
// a thumb can hit. One inline stylesheet (the CSP allows inline styles, not scripts); no script, no outside resource.
import { escapeHtml } from '../../core/shared/escape-html';

const STYLE = `
:root { color-scheme: light dark; --bg: #fbf8f3; --surface: #fff; --text: #201d19; --muted: #6a6258; --border: #e4dccf;
  --accent: #a5482a; --accent-hover: #8a3a20; --accent-text: #fff; --focus: #2f6fdb; }
@media (prefers-color-scheme: dark) { :root { --bg: #161412; --surface: #1f1c19; --text: #ece6dc; --muted: #a89f92;
  --border: #38322b; --accent: #e38d66; --accent-hover: #f0a482; --accent-text: #1a1310; --focus: #7aa7ff; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 400 1.125rem/1.6 system-ui, -apple-system, "Segoe UI", Arial, sans-serif; }
header { padding: 1rem 1.25rem; border-bottom: 1px solid var(--border); }
header a { color: var(--text); font-weight: 700; text-decoration: none; }
main { max-width: 34rem; margin: 2rem auto; padding: 1.5rem 1.25rem; background: var(--surface); border: 1px solid var(--border); border-radius: 12px; }
h1 { font: 700 1.6rem/1.25 Georgia, "DejaVu Serif", serif; margin: 0 0 1rem; }
a { color: var(--accent); }
a:hover { color: var(--accent-hover); }
button { min-height: 48px; padding: 0.7rem 1.4rem; border: 0; border-radius: 10px; background: var(--accent);
  color: var(--accent-text); font: inherit; font-weight: 600; cursor: pointer; }
button:hover { background: var(--accent-hover); }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
@media (max-width: 36rem) { main { margin: 1rem 0.75rem; } button { width: 100%; } }
`;

/**
 * A whole page: the site's name as a link home, the title as its heading, then `body` (already HTML). `style`: rules
 * of the page's own after the shared ones (the /api reference's, transport/rest/api-reference-page.ts).
 */
export function plainPage(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Life Story</title>
<style>${STYLE}${style}</style>
</head>
<body>
<header><a href="/">Life Story</a></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}
