// The accessibility gate: every screen passes axe-core (WCAG 2.0, 2.1 and 2.2, levels A and AA) with zero
// violations. axe-core's own source is put into the page (nothing is fetched: the tests stay on loopback). Not
// with page.addScriptTag: the app's Content-Security-Policy (script-src 'self') rightly refuses an inline
// script; evaluated through the DevTools protocol instead, it runs in the page without weakening the policy.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

let axeSource: string | undefined;
function source(): string {
  if (axeSource === undefined) {
    axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  }
  return axeSource;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** One readable block per violated rule: id, impact, help, then each element (its selector and what is wrong). */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const why = (n.failureSummary ?? '').replace(/\s+/g, ' ').trim();
        return `    - ${n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(' | ')}${why ? `\n      ${why}` : ''}`;
      });
      return `  ${v.id} (${v.impact ?? 'no impact'}): ${v.help} <${v.helpUrl}>\n${nodes.join('\n')}`;
    })
    .join('\n');
}

/**
 * The rules of WCAG_22_AA that read colours: all a colour scheme can change, the document being the same. The
 * second scheme's check runs these alone: the other rules (names, roles, structure) gave the same answer twice.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The page as it is now, checked by axe-core; null when nothing is violated, else the readable list. `colours`:
 * only the rules that read colours (the same screen in its other colour scheme).
 */
export async function axeViolations(page: Page, { colours = false }: { colours?: boolean } = {}): Promise<string | null> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source());
  const runOnly = colours ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_22_AA };
  const violations = await page.evaluate(async (only) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the global that axe.min.js defines.
    const axe = (window as any).axe;
    const result = await axe.run(document, { runOnly: only, resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  }, runOnly);
  return violations.length === 0 ? null : describeViolations(violations);
}

/**
 * Fails, with every violation listed, unless the screen as shown passes axe-core's WCAG 2.2 A and AA rules.
 * `label` names the screen and its state in the failure (the colour scheme and width are added to it).
 * With `{ dark: true }` the same screen is checked again in the dark colour scheme (no reload: the styles follow
 * prefers-color-scheme) by the rules that read colours, then the page goes back to light.
 */
export async function expectNoAxeViolations(page: Page, label: string, options: { dark?: boolean } = {}): Promise<void> {
  const scheme = await checkScreen(page, label);
  if (options.dark && scheme === 'light') {
    await page.emulateMedia({ colorScheme: 'dark' });
    try {
      await checkScreen(page, label, { colours: true });
    } finally {
      await page.emulateMedia({ colorScheme: 'light' });
    }
  }
}

/** Checks the screen (`colours`: by the colour rules alone); returns the colour scheme it was checked in. */
async function checkScreen(page: Page, label: string, { colours = false } = {}): Promise<'light' | 'dark'> {
  // The app starts after the page's load event (client/src/main.tsx): an empty shell would pass axe with nothing
  // checked. Every screen of the app renders a <main> (the layout's, or the sign-in screens'); pages the server
  // makes on their own (the print book) have no #root.
  await page.waitForFunction(() => !document.getElementById('root') || document.querySelector('#root main'), undefined, {
    timeout: 15_000,
  });
  // Let transitions (theme, menus) settle, so that colours are checked as the reader sees them (not endless
  // ones, like a spinner's). At most 5 s: a finite animation that never finishes (paused, or restarted on every
  // frame) once held a check for minutes; axe then checks the screen as it is.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((settled) => setTimeout(settled, 5_000)),
    ]),
  );
  // Paragraphs below the screen are laid out only when near (content-visibility: auto, components.css), and axe
  // skips what is not laid out: check them as a reader scrolling down sees them.
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(el).contentVisibility === 'auto') el.style.contentVisibility = 'visible';
    }
  });
  const found = await axeViolations(page, { colours });
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>('body *')) if (el.style.contentVisibility) el.style.contentVisibility = '';
  });
  const scheme = await page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  if (found) {
    const width = page.viewportSize()?.width;
    throw new Error(`axe-core: WCAG 2.2 AA violations on ${label} (${new URL(page.url()).pathname}, ${scheme}, ${width} px):\n${found}`);
  }
  return scheme;
}
