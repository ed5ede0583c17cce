export type Zone = 'domestic' | 'eu' | 'world';

export const BASE_FEE: Record<Zone, number> = { domestic: 4.9, eu: 9.5, world: 19 };
export const FREE_KG = 2;
export const PER_KG = 1.25;

/** The fee for one parcel: the zone's base fee plus a rate per kilogram above the free weight. */
export function shippingFee(weightKg: number, zone: Zone): number {
  if (!(weightKg > 0)) {
    throw new RangeError(`weight must be positive, got ${weightKg}`);
  }
  const base = BASE_FEE[zone];
  const extra = Math.max(0, weightKg - FREE_KG) * PER_KG;
  return Math.round((base + extra) * 100) / 100;
}

export function parcelsFee(weights: number[], zone: Zone): number {
  const total = weights.reduce((sum, w) => sum + shippingFee(w, zone), 0);
  return Math.round(total * 100) / 100;
}
