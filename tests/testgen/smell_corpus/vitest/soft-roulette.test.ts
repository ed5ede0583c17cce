// smells: assertion_roulette
import { expect, test } from 'vitest';
import { parseDuration, formatDuration, toSeconds } from './duration';

test('durations', () => {
  expect.soft(parseDuration('1h')).toBe(3600000);
  expect.soft(parseDuration('90s')).toBe(90000);
  expect.soft(formatDuration(61000)).toBe('1m 1s');
  expect.soft(formatDuration(0)).toBe('0s');
  expect.soft(toSeconds('2m')).toBe(120);
  expect.soft(toSeconds('')).toBeNaN();
});
