// The one table (figure, value, goal, verdict), printed and written as JSON with every raw measurement.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Verdict = 'met' | 'MISSED' | '' | 'verdict';

export interface Row {
  figure: string;
  value: string;
  goal: string;
  verdict: Verdict;
}

export class Report {
  readonly rows: Row[] = [];
  readonly raw: Record<string, unknown> = {};

  /** A figure without a goal. */
  info(figure: string, value: string): void {
    this.rows.push({ figure, value, goal: '', verdict: '' });
  }

  /** A figure judged against a goal: `met` decides the verdict, `goal` says it in words. */
  judged(figure: string, value: string, goal: string, met: boolean): void {
    this.rows.push({ figure, value, goal, verdict: met ? 'met' : 'MISSED' });
  }

  section(title: string): void {
    this.rows.push({ figure: `— ${title}`, value: '', goal: '', verdict: '' });
  }

  print(): string {
    const head: Row = { figure: 'figure', value: 'value', goal: 'goal', verdict: 'verdict' };
    const all = [head, ...this.rows];
    const w = (k: keyof Row) => Math.max(...all.map((r) => r[k].length));
    const line = (r: Row) =>
      `${r.figure.padEnd(w('figure'))}  ${r.value.padEnd(w('value'))}  ${r.goal.padEnd(w('goal'))}  ${r.verdict}`.trimEnd();
    const text = [line(head), '-'.repeat(w('figure') + w('value') + w('goal') + w('verdict') + 6), ...this.rows.map(line)].join('\n');
    console.log(`\n${text}\n`);
    return text;
  }

  /** bench/results/<timestamp>.json and latest.json. */
  write(dir: string, meta: Record<string, unknown>): string {
    fs.mkdirSync(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const body = `${JSON.stringify({ ...meta, rows: this.rows, raw: this.raw }, null, 2)}\n`;
    const file = path.join(dir, `${stamp}.json`);
    fs.writeFileSync(file, body);
    fs.writeFileSync(path.join(dir, 'latest.json'), body);
    return file;
  }
}

export function machine(): Record<string, unknown> {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

export const ms = (x: number) => (Number.isFinite(x) ? (x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)) : 'n/a');
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const rps = (x: number) => `${Math.round(x).toLocaleString('en-US')} req/s`;
