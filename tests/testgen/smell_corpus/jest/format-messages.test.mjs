// smells: none
// subject: lib/format.js
import { formatBytes, percent } from '../lib/format.js';

test('formatting, each check explained', () => {
  expect(formatBytes(0), 'zero bytes').toBe('0 B');
  expect(formatBytes(2048), 'two kilobytes').toBe('2.0 KB');
  expect(percent(1, 2), 'a half').toBe(50);
  expect(percent(0, 5), 'nothing of five').toBe(0);
  expect(typeof formatBytes(1), 'always a string').toBe('string');
  expect(formatBytes(1024 * 1024), 'one megabyte').toContain('MB');
});
