import { formatDuration, parseDuration } from './r3_parser';

describe('parseDuration', () => {
  test.each([
    ['250ms', 250],
    ['1.5s', 1_500],
    ['1h30m', 5_400_000],
    ['2d 4h', 187_200_000],
  ])('%s is %i ms', (text, expected) => {
    expect(parseDuration(text)).toBe(expected);
  });

  test('garbage input throws', () => {
    expect(() => parseDuration('ten minutes')).toThrow();
  });

  test('empty input throws', () => {
    expect(() => parseDuration('   ')).toThrow();
  });
});

describe('formatDuration', () => {
  test('formats mixed units', () => {
    expect(formatDuration(3_723_000)).toBe('1h 2m 3s');
  });
});
