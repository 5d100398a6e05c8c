import { READING_SIZE_SCRIPT } from '#contract/reading-size';
import { afterEach, describe, expect, it } from 'vitest';
import { keepTextSize, storedTextSize } from './text-size';

const scale = () => document.documentElement.style.getPropertyValue('--reading-scale');

afterEach(() => {
  localStorage.clear();
  document.documentElement.style.removeProperty('--reading-scale');
});

describe('the reader’s text size', () => {
  it('is kept on the device, and the server-rendered page’s head script applies the same step before the app', () => {
    keepTextSize(3);
    expect(scale()).toBe('1.5');
    expect(storedTextSize()).toBe(3);
    document.documentElement.style.removeProperty('--reading-scale');
    new Function(READING_SIZE_SCRIPT)();
    expect(scale()).toBe('1.5');
  });

  it('ignores a missing or broken value', () => {
    localStorage.setItem('reading-text-size', 'huge');
    expect(storedTextSize()).toBe(0);
    new Function(READING_SIZE_SCRIPT)();
    expect(scale()).toBe('');
    keepTextSize(0);
    expect(localStorage.getItem('reading-text-size')).toBeNull();
  });
});
