import { describe, expect, it } from 'vitest';
import { mergeSort } from './sorting.js';

// Deterministic PRNG so failures are reproducible.
// Classic glibc LCG parameters.
const LCG_MULTIPLIER = 1103515245;
const LCG_INCREMENT = 12345;
const LCG_MODULUS = 2 ** 31;

function lcg(seed) {
  let state = seed;
  return () => {
    state = (state * LCG_MULTIPLIER + LCG_INCREMENT) % LCG_MODULUS;
    return state / LCG_MODULUS;
  };
}

const SEED = 42;
const RUNS = 100;
const MAX_LEN = 40;
const MAX_ABS = 100;

describe('mergeSort', () => {
  it('agrees with Array.prototype.sort on random integer arrays', () => {
    const rand = lcg(SEED);
    for (let run = 0; run < RUNS; run += 1) {
      const input = Array.from({ length: Math.floor(rand() * MAX_LEN) }, () =>
        Math.floor(rand() * 2 * MAX_ABS) - MAX_ABS,
      );
      const oracle = [...input].sort((a, b) => a - b);
      expect(mergeSort(input, (a, b) => a - b)).toEqual(oracle);
    }
  });

  it('is stable for equal keys', () => {
    const people = [
      { name: 'Bo', age: 30 },
      { name: 'Al', age: 25 },
      { name: 'Cy', age: 30 },
      { name: 'Di', age: 25 },
    ];
    const byAge = (a, b) => a.age - b.age;
    expect(mergeSort(people, byAge).map((p) => p.name)).toEqual(['Al', 'Di', 'Bo', 'Cy']);
  });

  it('returns a new array', () => {
    const input = [3, 1, 2];
    expect(mergeSort(input)).not.toBe(input);
    expect(input).toEqual([3, 1, 2]);
  });
});
