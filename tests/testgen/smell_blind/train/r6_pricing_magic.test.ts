import { lineTotal, unitPrice, withVat } from './r6_pricing';

describe('pricing with custom tiers', () => {
  it('applies the matching tier', () => {
    const tiers = [
      { minQty: 37, percentOff: 12.5 },
      { minQty: 7, percentOff: 3 },
    ];
    expect(unitPrice(4199, 41, tiers)).toBe(3674);
    expect(unitPrice(4199, 8, tiers)).toBe(4073);
  });

  it('totals a line with vat', () => {
    const total = withVat(lineTotal(1337, 73), 17.5);
    expect(total).toBe(103187);
  });
});
