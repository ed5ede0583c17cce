import { dateRange } from './dateRange.js';

describe('dateRange errors', () => {
  it('rejects an end date before the start date', () => {
    expect(() => dateRange('2024-03-10', '2024-03-01')).toThrow();
  });

  it('rejects garbage input', () => {
    expect(() => dateRange('not-a-date', '2024-03-01')).toThrow();
  });

  it('returns a single day when start equals end', () => {
    expect(dateRange('2024-03-01', '2024-03-01')).toEqual(['2024-03-01']);
  });
});
