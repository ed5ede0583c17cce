export interface Tier {
  minQty: number;
  percentOff: number;
}

export const DEFAULT_TIERS: Tier[] = [
  { minQty: 100, percentOff: 15 },
  { minQty: 50, percentOff: 10 },
  { minQty: 10, percentOff: 5 },
];

export function tierFor(qty: number, tiers: Tier[] = DEFAULT_TIERS): Tier | undefined {
  return [...tiers].sort((a, b) => b.minQty - a.minQty).find((t) => qty >= t.minQty);
}

export function unitPrice(listCents: number, qty: number, tiers: Tier[] = DEFAULT_TIERS): number {
  if (qty <= 0) throw new RangeError(`qty must be positive, got ${qty}`);
  const tier = tierFor(qty, tiers);
  const off = tier ? tier.percentOff : 0;
  return Math.round((listCents * (100 - off)) / 100);
}

export function lineTotal(listCents: number, qty: number, tiers: Tier[] = DEFAULT_TIERS): number {
  return unitPrice(listCents, qty, tiers) * qty;
}

export function withVat(cents: number, ratePercent = 20): number {
  return Math.round(cents * (1 + ratePercent / 100));
}
