import { describe, expect, it } from 'vitest';
import { dateRange } from './dateRange.js';

describe('dateRange', () => {
  it('includes both ends and crosses a leap day', () => {
    expect(dateRange('2024-02-27', '2024-03-01')).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('throws RangeError naming both dates when end precedes start', () => {
    expect(() => dateRange('2024-03-10', '2024-03-01')).toThrow(RangeError);
    expect(() => dateRange('2024-03-10', '2024-03-01')).toThrow(
      'end 2024-03-01 is before start 2024-03-10',
    );
  });

  it('throws TypeError for an unparseable date', () => {
    expect(() => dateRange('2024-13-45', '2024-03-01')).toThrow(/invalid date: 2024-13-45/);
  });
});
