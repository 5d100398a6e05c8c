import { describe, expect, it } from 'vitest';
import { cleanLine, cleanMultiline, hasVisibleText } from './visible-text';

describe('cleanLine', () => {
  it.each([
    ['  Plain title ', 'Plain title'],
    ['Two\r\nlines\tand\u2028more', 'Two lines and more'],
    ['N\u0000U\u0001L\u007f\u0085S', 'NUL S'],
    ['\u202eevil\u202c and \u2066isolated\u2069', 'evil and isolated'],
    // Joiners inside emoji, right-to-left marks and other scripts are text.
    ['👩\u200d👩\u200d👧 \u05e9\u05dc\u05d5\u05dd\u200f', '👩\u200d👩\u200d👧 \u05e9\u05dc\u05d5\u05dd\u200f'],
  ])('%j becomes %j', (input, expected) => expect(cleanLine(input)).toBe(expected));
});

describe('cleanMultiline', () => {
  it('keeps lines and tabs, folding CRLF and CR into LF', () => {
    expect(cleanMultiline(' one\r\ntwo\rthree\n\tfour\u0000\u202e ')).toBe('one\ntwo\nthree\n\tfour');
  });
});

describe('hasVisibleText', () => {
  it.each([
    '\u200b',
    '\u200c\u200d',
    '\ufeff',
    '\u2060',
    '\u00ad',
    '\u200e\u200f',
    '\u3164',
    '\u115f\u1160',
    '\ufe0f',
    '\u2800',
    '\u{e0041}',
    ' \t\n\u3000',
    '',
    // Combining marks with no letter to sit on (issue #23): nonspacing, enclosing and spacing ones.
    '\u0301',
    '\u0301\u0308\u0489\u20dd',
    ' \u0300\u200b\u0903 ',
  ])('%j shows nothing', (s) => expect(hasVisibleText(s)).toBe(false));
  it.each(['a', '.', '1', '\u05d0', '👍', 'x\u200b', 'e\u0301', '\u0915\u093e', '1\ufe0f\u20e3'])('%j shows something', (s) =>
    expect(hasVisibleText(s)).toBe(true),
  );
});
