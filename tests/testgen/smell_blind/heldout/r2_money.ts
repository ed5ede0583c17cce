export class CurrencyMismatchError extends Error {
  constructor(a: string, b: string) {
    super(`cannot combine ${a} with ${b}`);
    this.name = 'CurrencyMismatchError';
  }
}

export class Money {
  private constructor(readonly cents: number, readonly currency: string) {}

  static of(cents: number, currency = 'USD'): Money {
    if (!Number.isInteger(cents)) throw new TypeError('cents must be an integer');
    return new Money(cents, currency);
  }

  add(other: Money): Money {
    if (other.currency !== this.currency) throw new CurrencyMismatchError(this.currency, other.currency);
    return new Money(this.cents + other.cents, this.currency);
  }

  multiply(factor: number): Money {
    return new Money(Math.round(this.cents * factor), this.currency);
  }

  /** Split by ratios without losing a cent; leftovers go to the first parts. */
  allocate(ratios: number[]): Money[] {
    const total = ratios.reduce((a, b) => a + b, 0);
    if (total <= 0) throw new RangeError('ratios must sum to a positive number');
    const parts = ratios.map((r) => Math.floor((this.cents * r) / total));
    let remainder = this.cents - parts.reduce((a, b) => a + b, 0);
    for (let i = 0; remainder > 0; i = (i + 1) % parts.length, remainder--) parts[i] += 1;
    return parts.map((c) => new Money(c, this.currency));
  }

  format(locale = 'en-US'): string {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: this.currency }).format(this.cents / 100);
  }

  equals(other: Money): boolean {
    return this.cents === other.cents && this.currency === other.currency;
  }
}
