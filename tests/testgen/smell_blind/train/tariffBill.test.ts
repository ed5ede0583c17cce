import { describe, expect, it, vi } from 'vitest';
import { Tariff } from './e28_tariff';

describe('Tariff.bill', () => {
  it('adds VAT to the energy charge', () => {
    const tariff = new Tariff(0.3, 0.2);
    vi.spyOn(tariff, 'energy').mockReturnValue(30);

    expect(tariff.bill(100)).toBe(36);
  });
});
