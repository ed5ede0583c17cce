export type Currency = 'USD' | 'EUR' | 'GBP';

const LOCALE_FOR: Record<Currency, string> = {
  USD: 'en-US',
  EUR: 'de-DE',
  GBP: 'en-GB',
};

/** Format integer cents with the currency's usual locale. */
export function formatMoney(cents: number, currency: Currency = 'USD'): string {
  if (!Number.isInteger(cents)) {
    throw new TypeError(`cents must be an integer, got ${cents}`);
  }
  return new Intl.NumberFormat(LOCALE_FOR[currency], { style: 'currency', currency }).format(cents / 100);
}

/**
 * Split `totalCents` in proportion to `ratios` without losing a cent:
 * leftover cents go one each to the first shares.
 */
export function allocate(totalCents: number, ratios: number[]): number[] {
  if (ratios.length === 0 || ratios.some((r) => r < 0)) {
    throw new RangeError('ratios must be a non-empty list of non-negative numbers');
  }
  const sum = ratios.reduce((a, b) => a + b, 0);
  if (sum === 0) {
    throw new RangeError('ratios must not all be zero');
  }
  const shares = ratios.map((r) => Math.floor((totalCents * r) / sum));
  let remainder = totalCents - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; remainder > 0; i = (i + 1) % shares.length) {
    if (ratios[i] > 0) {
      shares[i] += 1;
      remainder -= 1;
    }
  }
  return shares;
}

/** Convert cents with an exchange rate, rounding half away from zero. */
export function convert(cents: number, rate: number): number {
  if (rate <= 0) {
    throw new RangeError('rate must be positive');
  }
  const raw = cents * rate;
  return Math.sign(raw) * Math.round(Math.abs(raw));
}
