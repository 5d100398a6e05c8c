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

// ------------------------------------------------------------------------------------------------ passes side by side

/** One figure of every pass (`--workers N`: WORKERS=1, then WORKERS=N), matched by its label and its rank among equal labels. */
export interface MergedRow {
  figure: string;
  /** The pass's row, or undefined when that pass did not print this figure. */
  cells: Array<Row | undefined>;
}

export function mergePasses(passes: ReadonlyArray<readonly Row[]>): MergedRow[] {
  const keyed = passes.map((rows) => {
    const seen = new Map<string, number>();
    return rows.map((row) => {
      const n = seen.get(row.figure) ?? 0;
      seen.set(row.figure, n + 1);
      return { key: `${row.figure}\u0000${n}`, row };
    });
  });
  const order: string[] = [];
  const byKey = new Map<string, MergedRow>();
  keyed.forEach((rows, p) => {
    for (const { key, row } of rows) {
      let merged = byKey.get(key);
      if (!merged) {
        merged = { figure: row.figure, cells: passes.map(() => undefined) };
        byKey.set(key, merged);
        order.push(key);
      }
      merged.cells[p] = row;
    }
  });
  return order.map((k) => byKey.get(k)!);
}

/**
 * The first quantity of a printed value (`6,404 req/s, p50 2.73 ms…` -> 6404 req/s; `p50 4.43 ms, p95…` -> 4.43
 * ms): a number with a unit, not part of a word such as `p50`.
 */
export function firstQuantity(value: string): { n: number; unit: string } | null {
  const m = /(?<![\w.])(\d[\d,]*(?:\.\d+)?) ?(req\/s|ms|µs|MB|KB|s)(?![\w/])/.exec(value);
  return m ? { n: Number(m[1]!.replace(/,/g, '')), unit: m[2]! } : null;
}

/** `b` over `a` for their first quantities when both have one in the same unit: `1.85x req/s`; otherwise ''. */
export function quantityRatio(a: string, b: string): string {
  const x = firstQuantity(a);
  const y = firstQuantity(b);
  if (!x || !y || x.unit !== y.unit || x.n === 0) return '';
  return `${(y.n / x.n).toFixed(2)}x ${x.unit}`;
}

/** A plain text table: a column per heading, rows whose figure starts with `— ` are section titles. */
export function formatTable(head: string[], rows: string[][]): string {
  // A section's title runs across the columns: it does not widen the first.
  const all = [head, ...rows.filter((r) => !r[0]?.startsWith('— '))];
  const widths = head.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    head
      .map((_, i) => (r[i] ?? '').padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), '-'.repeat(widths.reduce((s, w) => s + w + 2, -2)), ...rows.map(line)].join('\n');
}

/** The merged passes as one table: a value column per pass, the last over the first, the goals and the verdicts. */
export function printPasses(labels: string[], merged: MergedRow[]): string {
  const head = ['figure', ...labels, `${labels[labels.length - 1]} / ${labels[0]}`, 'goal', 'verdict'];
  const rows = merged.map(({ figure, cells }) => {
    if (figure.startsWith('— ')) return [figure];
    const values = cells.map((c) => c?.value ?? '(not measured)');
    const goals = [...new Set(cells.map((c) => c?.goal ?? '').filter(Boolean))];
    const verdicts = cells.map((c) => c?.verdict ?? '');
    const ratio = cells[0] && cells[cells.length - 1] ? quantityRatio(cells[0].value, cells[cells.length - 1]!.value) : '';
    return [figure, ...values, ratio, goals.join(' | '), verdicts.some(Boolean) ? verdicts.map((v) => v || '-').join(' | ') : ''];
  });
  const text = formatTable(head, rows);
  console.log(`\n${text}\n`);
  return text;
}
