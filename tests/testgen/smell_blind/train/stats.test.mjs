import { describe, expect, it } from 'vitest';
import { mean, median, mode, range } from './stats.js';

const SAMPLE = [2, 4, 4, 4, 5, 5, 7, 9];

describe('mean', () => {
  it('averages the sample', () => {
    expect(mean(SAMPLE)).toBe(5);
  });

  it('throws RangeError on an empty list', () => {
    expect(() => mean([])).toThrow(new RangeError('values must not be empty'));
  });
});

describe('median', () => {
  it('averages the two middle values for even-length input', () => {
    expect(median(SAMPLE)).toBe(4.5);
  });

  it('does not reorder the caller’s array', () => {
    const values = [9, 1, 5];
    median(values);
    expect(values).toEqual([9, 1, 5]);
  });
});

describe('mode and range', () => {
  it('finds the most frequent value', () => {
    expect(mode(SAMPLE)).toBe(4);
  });

  it('measures the spread', () => {
    expect(range(SAMPLE)).toBe(7);
  });
});
