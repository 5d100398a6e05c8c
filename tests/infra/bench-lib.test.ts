// Pure helpers of the bench (issue #28): sums over a server's processes (a supervisor and its workers), and the
// figures of two passes (WORKERS=1 and N) side by side.
import { describe, expect, it } from 'vitest';
import { descendants, parseStat, treeTicks } from '../../bench/lib/process-tree';
import { firstQuantity, mergePasses, quantityRatio, type Row } from '../../bench/lib/report';
import { datetime, loadStatement, TABLES, tsvLine } from '../../bench/side-by-side/copy-rows';
import { patchOriginal } from '../../bench/side-by-side/original-app';

describe('bench process tree', () => {
  it('reads ppid and CPU ticks after a command name holding spaces and parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime …
    const s = parseStat('4242 (node (worker) 2) S 4200 4200 4200 0 -1 4194560 900 0 0 0 120 30 7 3 20 0 11 0');
    expect(s).toEqual({ pid: 4242, ppid: 4200, ownTicks: 150, reapedChildTicks: 10 });
  });

  it('finds every descendant of the root and nothing else', () => {
    const parentOf = new Map([
      [10, 1],
      [11, 10],
      [12, 10],
      [13, 12],
      [20, 1],
      [21, 20],
    ]);
    expect(descendants(10, parentOf).sort()).toEqual([10, 11, 12, 13]);
    expect(descendants(99, parentOf)).toEqual([99]);
  });

  it('counts each live process and what its exited children used', () => {
    expect(
      treeTicks([
        { pid: 10, ppid: 1, ownTicks: 5, reapedChildTicks: 40 },
        { pid: 11, ppid: 10, ownTicks: 100, reapedChildTicks: 0 },
      ]),
    ).toBe(145);
  });
});

describe('bench passes side by side', () => {
  const row = (figure: string, value: string): Row => ({ figure, value, goal: '', verdict: '' });

  it('matches figures by label and rank among equal labels, keeping figures only one pass printed', () => {
    const one = [
      row('— reads', ''),
      row('story page', '6,000 req/s'),
      row('  with session cookie', '4,000 req/s'),
      row('story', '7,000 req/s'),
      row('  with session cookie', '5,000 req/s'),
    ];
    const two = [
      row('— reads', ''),
      row('story page', '11,000 req/s'),
      row('  with session cookie', '8,000 req/s'),
      row('story', '12,000 req/s'),
      row('  with session cookie', '9,000 req/s'),
      row('only here', '1 ms'),
    ];
    const merged = mergePasses([one, two]);
    expect(merged.map((m) => m.figure)).toEqual([
      '— reads',
      'story page',
      '  with session cookie',
      'story',
      '  with session cookie',
      'only here',
    ]);
    expect(merged[4]!.cells.map((c) => c?.value)).toEqual(['5,000 req/s', '9,000 req/s']);
    expect(merged[5]!.cells[0]).toBeUndefined();
  });

  it('reads the first quantity of a value, not the digits of p50', () => {
    expect(firstQuantity('6,404 req/s, p50 2.73 ms, p99 6.26 ms; 0.58x floor')).toEqual({ n: 6404, unit: 'req/s' });
    expect(firstQuantity('p50 4.43 ms, p95 16.7 ms')).toEqual({ n: 4.43, unit: 'ms' });
    expect(firstQuantity('134.5 MB (PSS 120.0 MB)')).toEqual({ n: 134.5, unit: 'MB' });
    expect(firstQuantity('1001 ok, 0 failed')).toBeNull();
  });

  it('divides the second pass by the first only in the same unit', () => {
    expect(quantityRatio('6,000 req/s, p50 3 ms', '10,800 req/s, p50 2 ms')).toBe('1.80x req/s');
    expect(quantityRatio('6,000 req/s', '12 ms')).toBe('');
  });
});

describe('bench side by side with the original', () => {
  it('writes rows as LOAD DATA reads them by default: escapes, NULL, booleans', () => {
    expect(tsvLine(['a\tb', 'line\nnext\r', 'back\\slash', null, true, 3])).toBe('a\\tb\tline\\nnext\\r\tback\\\\slash\t\\N\t1\t3\n');
  });

  it('stores our millisecond times as the original DATETIME in UTC', () => {
    expect(datetime(Date.UTC(2026, 10, 27, 9, 30, 5, 999))).toBe('2026-11-27 09:30:05');
    expect(datetime(null)).toBeNull();
  });

  it('loads each table into its named columns, in the order of the foreign keys', () => {
    expect(TABLES.map((t) => t.table)).toEqual(['user', 'story', 'page', 'comment', 'likes']);
    expect(loadStatement(TABLES[4]!, "/tmp/it's/likes.tsv")).toBe(
      "LOAD DATA LOCAL INFILE '/tmp/it\\'s/likes.tsv' INTO TABLE `likes` CHARACTER SET utf8mb4 (`like_username`, `story_username`)",
    );
  });

  it('patches the original to read its database and port from the environment, keeping its values as defaults', () => {
    const dbTs =
      'const pool = mysql.createPool({\n    connectionLimit: 10,\n    host: "localhost",\n    user: "root",\n    password: "DDegasi[545]?",\n    database: "mi_historia"\n});';
    const { dbTs: db, indexTs } = patchOriginal(dbTs, 'app.listen(8800, () => {});');
    expect(db).toContain('connectionLimit: 10,');
    expect(db).toContain('host: process.env.MIHISTORIA_DB_HOST ?? "localhost",');
    expect(db).toContain('port: Number(process.env.MIHISTORIA_DB_PORT ?? 3306),');
    expect(db).toContain('password: process.env.MIHISTORIA_DB_PASSWORD ?? "DDegasi[545]?",');
    expect(indexTs).toBe('app.listen(Number(process.env.PORT ?? 8800), () => {});');
    expect(() => patchOriginal('host: "db.example"', 'app.listen(8800,')).toThrow(/db\.ts/);
  });
});
