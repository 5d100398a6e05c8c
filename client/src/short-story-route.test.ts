import { describe, expect, it } from 'vitest';
import { parseRoute } from './app';

describe('the short story address /@<username> (issue #26, point 11)', () => {
  it('matches a well-formed username only, and names it', () => {
    const { keys, pattern } = parseRoute('/@:username');
    expect(keys).toEqual(['username']);
    expect(pattern.exec('/@Mara.B_1')?.[1]).toBe('Mara.B_1');
    expect(pattern.exec('/@mara/')?.[1]).toBe('mara');
    for (const path of ['/@ab', '/@mara/page/2', '/mara', '/story/mara']) expect(pattern.test(path)).toBe(false);
  });

  it('leaves the other routes to regexparam', () => {
    expect(parseRoute('/story/:id').pattern.test('/story/mara')).toBe(true);
  });
});
