export type Currency = 'EUR' | 'USD' | 'JPY';

const MINOR_UNITS: Record<Currency, number> = { EUR: 2, USD: 2, JPY: 0 };

export class Money {
  constructor(readonly minor: number, readonly currency: Currency) {
    if (!Number.isInteger(minor)) throw new RangeError(`minor units must be an integer, got ${minor}`);
  }

  static of(amount: number, currency: Currency): Money {
    return new Money(Math.round(amount * 10 ** MINOR_UNITS[currency]), currency);
  }

  add(other: Money): Money {
    if (other.currency !== this.currency) {
      throw new TypeError(`currency mismatch: ${this.currency} vs ${other.currency}`);
    }
    return new Money(this.minor + other.minor, this.currency);
  }

  allocate(ratios: number[]): Money[] {
    const total = ratios.reduce((a, b) => a + b, 0);
    const parts = ratios.map((r) => Math.floor((this.minor * r) / total));
    let rest = this.minor - parts.reduce((a, b) => a + b, 0);
    for (let i = 0; rest > 0; i++, rest--) parts[i % parts.length] += 1;
    return parts.map((p) => new Money(p, this.currency));
  }

  format(): string {
    const digits = MINOR_UNITS[this.currency];
    return `${(this.minor / 10 ** digits).toFixed(digits)} ${this.currency}`;
  }
}
