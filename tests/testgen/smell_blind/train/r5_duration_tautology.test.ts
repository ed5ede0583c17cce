import { formatDuration, parseDuration } from './r5_duration';

describe('parseDuration', () => {
  it('parses hours and minutes', () => {
    const hours = 1;
    const minutes = 30;
    const expected = hours * 60 * 60 * 1000 + minutes * 60 * 1000;

    expect(parseDuration(`${hours}h${minutes}m`)).toBe(expected);
  });

  it('ignores whitespace between components', () => {
    expect(parseDuration('1h 30m')).toBe(parseDuration('1h30m'));
  });

  it('formats a parsed value back to the canonical form', () => {
    expect(formatDuration(parseDuration('2h5s'))).toBe('2h 5s');
  });

  it('formats milliseconds below a second', () => {
    expect(formatDuration(42)).toBe('42ms');
  });
});
