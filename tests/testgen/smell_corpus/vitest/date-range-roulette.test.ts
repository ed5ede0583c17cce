// smells: assertion_roulette
import { expect, test } from 'vitest';
import { daysBetween, isWeekend, overlaps, startOfWeek } from './date-range';

test('dates', () => {
  expect(daysBetween(new Date('2024-01-01'), new Date('2024-01-02'))).toBe(1);
  expect(isWeekend(new Date('2024-01-06'))).toBe(true);
  expect(isWeekend(new Date('2024-01-08'))).toBe(false);
  expect(startOfWeek(new Date('2024-01-10')).getDate()).toBe(8);
  expect(overlaps(['2024-01-01', '2024-01-03'], ['2024-01-02', '2024-01-04'])).toBe(true);
  expect(daysBetween(new Date('2024-01-02'), new Date('2024-01-01'))).toBe(-1);
});
