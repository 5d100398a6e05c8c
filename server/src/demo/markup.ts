// The demo stories are written in a small plain-text markup (easier to write and review than HTML) and
// turned into the HTML the editor produces. Blocks are separated by blank lines:
//   ## Heading / ### Subheading        > quoted lines (a blank "> " line separates quoted paragraphs)
//   - bullet / 1. numbered lines       | table | rows |  (the first row is the header; |---| lines are skipped)
//   ~~~ fenced code ~~~                ---  (a rule)
// Inline: **strong**, *emphasis*, `code`, [text](https://link).

// Text only (link targets are matched without quotes), so quotes stay as typed, as the editor keeps them.
const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function inline(text: string): string {
  const codes: string[] = [];
  let s = escapeHtml(text).replace(/`([^`]+)`/g, (_, c: string) => {
    codes.push(c);
    return `\u0000${codes.length - 1}\u0000`;
  });
  s = s
    .replace(/\[([^\]]+)\]\((https?:\/\/(?:[^\s()]|\([^\s()]*\))+)\)/g, '<a href="$2">$1</a>') // a URL may hold (balanced) parentheses
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\*([^*\s][^*]*)\*/g, '<em>$1</em>');
  return s.replace(/\u0000(\d+)\u0000/g, (_, i: string) => `<code>${codes[Number(i)]}</code>`);
}

function paragraphs(lines: string[]): string {
  return lines.join(' ').trim() === '' ? '' : `<p>${inline(lines.map((l) => l.trim()).join(' '))}</p>`;
}

function list(lines: string[], ordered: boolean): string {
  const items = lines.map((l) => `<li><p>${inline(l.replace(ordered ? /^\s*\d+\.\s+/ : /^\s*-\s+/, ''))}</p></li>`);
  return ordered ? `<ol>${items.join('')}</ol>` : `<ul>${items.join('')}</ul>`;
}

function table(lines: string[]): string {
  const rows = lines
    .filter((l) => !/^\|[\s:|-]+\|$/.test(l.trim()))
    .map((l) =>
      l
        .trim()
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((c) => inline(c.trim())),
    );
  const [head, ...body] = rows;
  const th = head!.map((c) => `<th>${c}</th>`).join('');
  const tr = body.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${tr}</tbody></table>`;
}

function quote(lines: string[]): string {
  const inner = lines.map((l) => l.replace(/^>\s?/, ''));
  const paras: string[][] = [[]];
  for (const l of inner) {
    if (l.trim() === '') paras.push([]);
    else paras[paras.length - 1]!.push(l);
  }
  return `<blockquote>${paras.map(paragraphs).join('')}</blockquote>`;
}

function block(raw: string): string {
  const lines = raw.split('\n').filter((l) => l.trim() !== '' || raw.trim().startsWith('>'));
  const first = lines[0]!.trim();
  const heading = /^(#{2,4})\s+(.*)$/.exec(first);
  if (heading && lines.length === 1) return `<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`;
  if (first === '---' && lines.length === 1) return '<hr>';
  if (lines.every((l) => l.trim().startsWith('>'))) return quote(lines);
  if (lines.every((l) => /^\s*-\s+/.test(l))) return list(lines, false);
  if (lines.every((l) => /^\s*\d+\.\s+/.test(l))) return list(lines, true);
  if (lines.every((l) => l.trim().startsWith('|'))) return table(lines);
  return paragraphs(lines);
}

/** Converts the demo markup to story HTML. */
export function markupToHtml(source: string): string {
  const out: string[] = [];
  // Fenced code first: its blank lines must not split it.
  const parts = source.replace(/\r\n/g, '\n').split(/^~~~.*$/m);
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      out.push(`<pre><code>${escapeHtml(part.replace(/^\n/, '').replace(/\n$/, ''))}</code></pre>`);
      return;
    }
    for (const b of part.split(/\n\s*\n/)) if (b.trim() !== '') out.push(block(b));
  });
  return out.join('');
}

/** Words as a reader counts them (for choosing lengths; the server's page split has the final say). */
export function wordCount(source: string): number {
  return source.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
