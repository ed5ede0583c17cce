// smells: tautology
// subject: src/scoring.ts
import { expect, test } from 'vitest';
import { average } from '../src/scoring';

test('average of three', () => {
  const values = [3, 4, 8];
  expect(average(values)).toBe(values.reduce((a, b) => a + b, 0) / values.length);
});
