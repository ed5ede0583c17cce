// smells: none
import { expect, test } from 'vitest';
import { daysBetween, isWeekend, overlaps, startOfWeek } from './date-range';

test('calendar rules, each named', () => {
  expect(daysBetween(new Date('2024-01-01'), new Date('2024-01-02')), 'one day').toBe(1);
  expect(isWeekend(new Date('2024-01-06')), 'a Saturday').toBe(true);
  expect(isWeekend(new Date('2024-01-08')), 'a Monday').toBe(false);
  expect(startOfWeek(new Date('2024-01-10')).getDate(), 'weeks start on Monday').toBe(8);
  expect(overlaps(['2024-01-01', '2024-01-03'], ['2024-01-02', '2024-01-04']), 'shared day').toBe(true);
  expect(daysBetween(new Date('2024-01-02'), new Date('2024-01-01')), 'backwards').toBe(-1);
});
