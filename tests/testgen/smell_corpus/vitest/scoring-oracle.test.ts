// smells: none
// subject: src/scoring.ts
import { expect, test } from 'vitest';
import { average } from '../src/scoring';

function slowMean(values: number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total / values.length;
}

test('average agrees with a plain loop on random inputs', () => {
  for (let i = 0; i < 50; i++) {
    const values = Array.from({ length: 1 + (i % 7) }, (_, j) => (j * 37 + i) % 11);
    expect(average(values)).toBeCloseTo(slowMean(values));
  }
});
