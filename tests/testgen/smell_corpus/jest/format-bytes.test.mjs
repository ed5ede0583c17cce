// smells: none
// subject: lib/format.js
import { formatBytes, percent } from '../lib/format.js';

describe('formatBytes', () => {
  it('keeps small sizes in bytes', () => {
    expect(formatBytes(512)).toBe('512 B');
  });

  it('switches unit at 1024', () => {
    expect(formatBytes(1024)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });

  it('stops at terabytes', () => {
    expect(formatBytes(1024 ** 5)).toBe('1024.0 TB');
  });
});

test('percent rounds to a whole number', () => {
  expect(percent(1, 3)).toBe(33);
});
