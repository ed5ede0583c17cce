import { average, percentOf, sortedCopy, toKm } from './e28b_units.js';

describe('units', () => {
  it('averages of halves combine', () => {
    const left = [1, 2, 3];
    const right = [7, 9, 11];
    expect(average([...left, ...right])).toBeCloseTo((average(left) + average(right)) / 2);
  });

  it('a marathon in km', () => {
    expect(toKm(26.2188)).toBe(42.195);
  });

  it('converting twice the distance doubles it', () => {
    expect(toKm(20)).toBeCloseTo(2 * toKm(10));
  });

  it('sorts like a numeric comparator would', () => {
    const values = [10, 9, 100, 1];
    expect(sortedCopy(values)).toEqual([1, 9, 10, 100]);
    expect(values).toEqual([10, 9, 100, 1]);
  });

  it('the whole is a hundred percent', () => {
    expect(percentOf(7, 7)).toBe(100);
  });
});
