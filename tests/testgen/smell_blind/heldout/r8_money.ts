export type Currency = 'EUR' | 'USD' | 'JPY';

const MINOR_UNITS: Record<Currency, number> = { EUR: 2, USD: 2, JPY: 0 };

export class CurrencyMismatchError extends Error {
  constructor(a: Currency, b: Currency) {
    super(`cannot combine ${a} with ${b}`);
    this.name = 'CurrencyMismatchError';
  }
}

export class Money {
  private constructor(readonly minor: number, readonly currency: Currency) {}

  static of(amount: number, currency: Currency): Money {
    const factor = 10 ** MINOR_UNITS[currency];
    return new Money(Math.round(amount * factor), currency);
  }

  static fromMinor(minor: number, currency: Currency): Money {
    if (!Number.isInteger(minor)) throw new RangeError(`minor units must be an integer, got ${minor}`);
    return new Money(minor, currency);
  }

  add(other: Money): Money {
    this.assertSame(other);
    return new Money(this.minor + other.minor, this.currency);
  }

  subtract(other: Money): Money {
    this.assertSame(other);
    return new Money(this.minor - other.minor, this.currency);
  }

  multiply(factor: number): Money {
    return new Money(Math.round(this.minor * factor), this.currency);
  }

  allocate(ratios: number[]): Money[] {
    const total = ratios.reduce((a, b) => a + b, 0);
    if (total <= 0) throw new RangeError('ratios must sum to a positive number');
    const shares = ratios.map((r) => Math.floor((this.minor * r) / total));
    let remainder = this.minor - shares.reduce((a, b) => a + b, 0);
    for (let i = 0; remainder > 0; i = (i + 1) % shares.length, remainder--) shares[i] += 1;
    return shares.map((s) => new Money(s, this.currency));
  }

  format(locale = 'en-US'): string {
    const digits = MINOR_UNITS[this.currency];
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: this.currency,
      minimumFractionDigits: digits,
    }).format(this.minor / 10 ** digits);
  }

  equals(other: Money): boolean {
    return this.currency === other.currency && this.minor === other.minor;
  }

  private assertSame(other: Money): void {
    if (other.currency !== this.currency) throw new CurrencyMismatchError(this.currency, other.currency);
  }
}
