export const VAT_RATE = 0.2;

export interface Coupon {
  code: string;
  percentOff: number;
}

const roundCents = (value: number): number => Math.round(value * 100) / 100;

export function priceWithVat(net: number, rate: number = VAT_RATE): number {
  if (net < 0) throw new RangeError(`net price must be >= 0, got ${net}`);
  return roundCents(net * (1 + rate));
}

export function applyCoupon(price: number, coupon: Coupon): number {
  if (coupon.percentOff <= 0 || coupon.percentOff > 100) {
    throw new RangeError(`invalid percentOff ${coupon.percentOff} for ${coupon.code}`);
  }
  return roundCents((price * (100 - coupon.percentOff)) / 100);
}
