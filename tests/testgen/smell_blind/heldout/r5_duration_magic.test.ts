import { formatDuration, parseDuration } from './r5_duration';

describe('duration helpers', () => {
  it('formats a mixed duration', () => {
    expect(formatDuration(parseDuration('2h') + 1847)).toBe('2h 1s 847ms');
  });

  it('sums components', () => {
    const total = parseDuration('3h') + parseDuration('17m') * 3 + 29_000;
    expect(formatDuration(total)).toBe('3h 51m 29s');
  });

  it('rounds fractional milliseconds', () => {
    expect(formatDuration(1234.6 * 7)).toBe('8s 642ms');
  });

  it('formats zero', () => {
    expect(formatDuration(0)).toBe('0ms');
  });
});
