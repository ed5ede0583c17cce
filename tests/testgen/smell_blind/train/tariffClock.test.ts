import { afterEach, describe, expect, it, vi } from 'vitest';
import { Tariff } from './e28_tariff';

describe('Tariff', () => {
  afterEach(() => vi.restoreAllMocks());

  it('halves the price off-peak', () => {
    const tariff = new Tariff(0.3, 0.2);
    vi.spyOn(tariff, 'hour').mockReturnValue(3);
    expect(tariff.energy(100)).toBe(15);
    expect(tariff.bill(100)).toBe(18);
  });

  it('charges the full price at noon', () => {
    const tariff = new Tariff(0.3, 0.2);
    vi.spyOn(Tariff.prototype, 'hour').mockReturnValue(12);
    expect(tariff.energy(10)).toBe(3);
  });
});
