// Lighthouse (npm) driving Chromium (CHROMIUM_PATH, else Debian's /usr/bin/chromium) against a page of the running server: LCP, CLS, TBT.
// Three settings: Lighthouse's desktop preset and its default mobile preset (both with Lighthouse's
// simulated throttling, the figures Lighthouse itself reports), and desktop with throttling 'provided'
// (none: loopback at full speed). Each setting runs `runs` times; each figure's own median is reported, with the
// lowest and highest of the runs (one run's TBT can be 4x another's on the mobile preset: docs/performance.md).
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { defaultConfig, desktopConfig, type Config, type Flags } from 'lighthouse';
import { median } from './stats';

export type LighthouseSetting = 'desktop' | 'mobile' | 'desktop-unthrottled';

/** One Lighthouse run's figures. */
export interface RunMetrics {
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  performanceScore: number;
}

/** The medians of the runs' figures, and every run. */
export interface PageMetrics extends RunMetrics {
  runs: RunMetrics[];
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function settingOf(setting: LighthouseSetting): { config: Config; flags: Flags } {
  const flags: Flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  if (setting === 'mobile') return { config: defaultConfig, flags };
  if (setting === 'desktop') return { config: desktopConfig, flags };
  return { config: desktopConfig, flags: { ...flags, throttlingMethod: 'provided' } };
}

export async function measurePage(url: string, setting: LighthouseSetting, runs: number): Promise<PageMetrics> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const results: RunMetrics[] = [];
    for (let i = 0, failures = 0; i < runs; i++) {
      const { config, flags } = settingOf(setting);
      const result = await lighthouse(url, { ...flags, port: chrome.port }, config);
      const runtimeError = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned no result.' };
      if (!result || runtimeError) {
        // Trace recording fails now and then (NO_NAVSTART, NO_FCP): Lighthouse itself says to run it again.
        if (++failures > 3) throw new Error(`Lighthouse: ${runtimeError?.code} ${runtimeError?.message}`);
        i--;
        continue;
      }
      // LIGHTHOUSE_REPORT_DIR keeps each run's full report (critical request chains, main-thread work) and its trace
      // (chrome://tracing, or DevTools' Performance panel) to read why.
      const dir = process.env.LIGHTHOUSE_REPORT_DIR;
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `${setting}-${i}.json`), JSON.stringify(result.lhr));
        fs.writeFileSync(path.join(dir, `${setting}-${i}.trace.json`), JSON.stringify(result.artifacts.Trace));
      }
      const { audits, categories } = result.lhr;
      const value = (id: string) => {
        const v = audits[id]?.numericValue;
        if (typeof v !== 'number') throw new Error(`Lighthouse gave no value for ${id}.`);
        return v;
      };
      results.push({
        lcpMs: value('largest-contentful-paint'),
        cls: value('cumulative-layout-shift'),
        tbtMs: value('total-blocking-time'),
        fcpMs: value('first-contentful-paint'),
        performanceScore: categories.performance?.score ?? Number.NaN,
      });
    }
    const of = (key: keyof RunMetrics) => median(results.map((r) => r[key]));
    return {
      lcpMs: of('lcpMs'),
      cls: of('cls'),
      tbtMs: of('tbtMs'),
      fcpMs: of('fcpMs'),
      performanceScore: of('performanceScore'),
      runs: results,
    };
  } finally {
    await chrome.kill();
  }
}
