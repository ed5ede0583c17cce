import { formatDuration, parseDuration, ParseError } from './r3_parser';

describe('parseDuration', () => {
  it.each([
    ['0ms', 0],
    ['250ms', 250],
    ['1s', 1_000],
    ['1.5s', 1_500],
    ['90m', 5_400_000],
    ['1h30m', 5_400_000],
    ['2d 4h', 187_200_000],
    ['  3h  ', 10_800_000],
  ])('parses %p as %i ms', (text, expected) => {
    expect(parseDuration(text)).toBe(expected);
  });

  it('reports the offset of the first bad character', () => {
    expect(() => parseDuration('1h and more')).toThrow(new ParseError('invalid duration at offset 3: "and more"', '1h and more'));
  });

  it('rejects an empty string with a ParseError that keeps the input', () => {
    let error: unknown;
    try {
      parseDuration('   ');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).message).toBe('empty duration');
    expect((error as ParseError).input).toBe('   ');
  });

  it('rejects unknown units', () => {
    expect(() => parseDuration('5w')).toThrow(/invalid duration at offset 0/);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [1, '1ms'],
    [61_000, '1m 1s'],
    [86_400_000, '1d'],
  ])('formats %i as %p', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });

  it('refuses negative durations', () => {
    expect(() => formatDuration(-1)).toThrow(new RangeError('negative duration'));
  });
});
