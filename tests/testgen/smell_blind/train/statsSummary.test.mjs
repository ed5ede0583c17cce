import { describe, expect, it } from 'vitest';
import { mean, median, mode, range } from './stats.js';

const SAMPLE = [2, 4, 4, 4, 5, 5, 7, 9];

describe('stats', () => {
  it('summarises a sample', () => {
    expect(mean(SAMPLE)).toBe(5);
    expect(median(SAMPLE)).toBe(4.5);
    expect(mode(SAMPLE)).toBe(4);
    expect(range(SAMPLE)).toBe(7);
    expect(median([3, 1, 2])).toBe(2);
    expect(mean([-1, 1])).toBe(0);
    expect(mode(['a', 'b', 'b'])).toBe('b');
    expect(range([42])).toBe(0);
    expect(() => mean([])).toThrow(RangeError);
    expect(SAMPLE).toEqual([2, 4, 4, 4, 5, 5, 7, 9]);
  });
});
