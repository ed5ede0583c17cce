import { describe, expect, it, vi } from 'vitest';
import * as parser from './r3_parser';

describe('formatDuration', () => {
  it('formats two hours, and is called once', () => {
    const spy = vi.spyOn(parser, 'formatDuration');
    expect(parser.formatDuration(2 * 60 * 60 * 1000)).toBe('2h');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
