import { describe, it, expect } from 'vitest';
import { Money } from './r4_money';

describe('allocate', () => {
  it('never produces negative parts', () => {
    const parts = new Money(7, 'EUR').allocate([]);
    parts.forEach((p) => {
      expect(p.minor).toBeGreaterThanOrEqual(0);
    });
  });

  it('keeps currency on each part', () => {
    const parts = new Money(90, 'USD').allocate([1, 2]);
    expect(parts.map((p) => p.currency)).toEqual(['USD', 'USD']);
  });
});
