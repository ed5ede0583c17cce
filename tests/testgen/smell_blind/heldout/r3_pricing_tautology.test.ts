import { applyDiscount, quoteTotal, volumeDiscount, type Tier } from './r3_pricing';

const TIER_RATES: Record<Tier, number> = { bronze: 0, silver: 0.05, gold: 0.12 };

describe('applyDiscount', () => {
  it('takes ten percent off', () => {
    expect(applyDiscount(200, 0.1)).toBe(180);
  });

  it('refuses a 100% discount', () => {
    expect(() => applyDiscount(10, 1)).toThrow(RangeError);
  });
});

describe('quoteTotal', () => {
  const tiers: Tier[] = ['bronze', 'silver', 'gold'];
  const quantities = [1, 12, 150, 2000];

  for (const tier of tiers) {
    for (const quantity of quantities) {
      it(`${tier} x ${quantity}`, () => {
        const unitPrice = 4.99;
        const rate = Math.min(volumeDiscount(quantity) + TIER_RATES[tier], 0.25);
        const expected = Math.round(unitPrice * quantity * (1 - rate) * 100) / 100;
        expect(quoteTotal({ unitPrice, quantity, tier })).toBe(expected);
      });
    }
  }
});
