// smells: none
// subject: src/scoring.ts
import { describe, expect, it } from 'vitest';
import { average, grade, weighted } from '../src/scoring';

describe('average', () => {
  it('of one value is that value', () => {
    expect(average([7])).toBe(7);
  });

  it('of nothing is an error', () => {
    expect(() => average([])).toThrowError('no values');
  });
});

describe('grade', () => {
  it.each([
    [90, 'A'],
    [89, 'B'],
    [75, 'B'],
    [74, 'C'],
    [49, 'F'],
  ])('%i is %s', (score, letter) => {
    expect(grade(score)).toBe(letter);
  });
});

it('weights scale the score', () => {
  expect(weighted(80, 0.5)).toBe(40);
});
