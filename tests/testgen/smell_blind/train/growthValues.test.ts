import { describe, expect, it } from 'vitest';
import { average, spread } from './e28_growth';

describe('growth statistics', () => {
  it('averages a known series', () => {
    expect(average([2, 4, 9])).toBe(5);
  });

  it('spread of a single value is zero', () => {
    const value = 7;
    expect(spread([value])).toBe(0);
  });

  it('averaging a constant series returns the constant', () => {
    const level = 3.5;
    expect(average([level, level, level])).toBe(level);
  });

  it('refuses an empty series', () => {
    expect(() => average([])).toThrow(new RangeError('no values'));
  });
});
