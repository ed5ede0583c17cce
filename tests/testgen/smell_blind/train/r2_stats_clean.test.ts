import { describe, it, expect } from 'vitest';
import { mean, median, percentile, stddev } from './r2_stats';

describe('median', () => {
  it.each([
    { values: [7], expected: 7 },
    { values: [3, 1, 2], expected: 2 },
    { values: [4, 1, 3, 2], expected: 2.5 },
    { values: [-5, 10], expected: 2.5 },
  ])('median($values) = $expected', ({ values, expected }) => {
    expect(median(values)).toBe(expected);
  });
});

describe('percentile (nearest rank)', () => {
  const latencies = [15, 20, 35, 40, 50];

  it.each([
    [5, 15],
    [30, 20],
    [40, 20],
    [50, 35],
    [100, 50],
  ])('p%i is %i', (p, expected) => {
    expect(percentile(latencies, p)).toBe(expected);
  });

  it('rejects p = 0 with a helpful message', () => {
    expect(() => percentile(latencies, 0)).toThrowError(new RangeError('p must be in (0, 100], got 0'));
  });
});

describe('mean and stddev', () => {
  it('textbook example', () => {
    const values = [2, 4, 4, 4, 5, 5, 7, 9];
    expect(mean(values)).toBe(5);
    expect(stddev(values)).toBe(2);
  });

  it('mean of an empty list is a RangeError', () => {
    expect(() => mean([])).toThrow(RangeError);
  });
});
