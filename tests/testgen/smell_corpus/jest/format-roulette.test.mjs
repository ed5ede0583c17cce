// smells: assertion_roulette
// subject: lib/format.js
import { formatBytes, percent } from '../lib/format.js';

test('formatting', () => {
  expect(formatBytes(0)).toBe('0 B');
  expect(formatBytes(2048)).toBe('2.0 KB');
  expect(percent(1, 2)).toBe(50);
  expect(percent(0, 5)).toBe(0);
  expect(typeof formatBytes(1)).toBe('string');
  expect(formatBytes(1024 * 1024)).toContain('MB');
  expect(String(percent(3, 4))).toMatch(/75/);
});
