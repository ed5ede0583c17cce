export type Tier = 'bronze' | 'silver' | 'gold';

export interface Quote {
  unitPrice: number;
  quantity: number;
  tier: Tier;
}

const TIER_DISCOUNT: Record<Tier, number> = { bronze: 0, silver: 0.05, gold: 0.12 };

export function volumeDiscount(quantity: number): number {
  if (quantity >= 1000) return 0.15;
  if (quantity >= 100) return 0.08;
  if (quantity >= 10) return 0.03;
  return 0;
}

export function applyDiscount(amount: number, rate: number): number {
  if (rate < 0 || rate >= 1) throw new RangeError(`discount rate out of range: ${rate}`);
  return Math.round(amount * (1 - rate) * 100) / 100;
}

export function quoteTotal({ unitPrice, quantity, tier }: Quote): number {
  if (quantity <= 0) throw new RangeError('quantity must be positive');
  const gross = unitPrice * quantity;
  const rate = Math.min(volumeDiscount(quantity) + TIER_DISCOUNT[tier], 0.25);
  return applyDiscount(gross, rate);
}

export function priceBands(prices: number[], width: number): Map<number, number[]> {
  const bands = new Map<number, number[]>();
  for (const p of [...prices].sort((a, b) => a - b)) {
    const band = Math.floor(p / width) * width;
    bands.set(band, [...(bands.get(band) ?? []), p]);
  }
  return bands;
}
