import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mean, median, stddev } from './r2_stats';

const data = [3, 1, 4, 1, 5, 9, 2, 6];

describe('stats', () => {
  it('mean', () => {
    assert.equal(mean(data), data.reduce((a, b) => a + b, 0) / data.length);
  });

  it('stddev', () => {
    const m = mean(data);
    const expected = Math.sqrt(data.reduce((acc, v) => acc + (v - m) ** 2, 0) / data.length);
    assert.equal(stddev(data), expected);
  });

  it('median', () => {
    const sorted = [...data].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    assert.equal(median(data), (sorted[mid - 1] + sorted[mid]) / 2);
  });
});
