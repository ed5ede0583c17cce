// smells: none
import { expect, test } from 'vitest';
import { daysBetween, overlaps } from './date-range';

test('days between two dates, ends excluded', () => {
  expect(daysBetween(new Date('2024-02-27'), new Date('2024-03-01'))).toBe(3);
});

test('touching ranges do not overlap', () => {
  expect(overlaps(['2024-01-01', '2024-01-05'], ['2024-01-05', '2024-01-09'])).toBe(false);
});

test('a range inside another overlaps it', () => {
  expect(overlaps(['2024-01-01', '2024-01-31'], ['2024-01-10', '2024-01-11'])).toBe(true);
});
