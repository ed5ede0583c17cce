export class CurrencyMismatchError extends Error {
  constructor(public readonly left: string, public readonly right: string) {
    super(`cannot combine ${left} with ${right}`);
    this.name = 'CurrencyMismatchError';
  }
}

export class Money {
  private constructor(public readonly cents: number, public readonly currency: string) {}

  static of(amount: number, currency = 'EUR'): Money {
    return new Money(Math.round(amount * 100), currency);
  }

  static cents(cents: number, currency = 'EUR'): Money {
    if (!Number.isInteger(cents)) throw new RangeError(`cents must be an integer, got ${cents}`);
    return new Money(cents, currency);
  }

  add(other: Money): Money {
    this.assertSameCurrency(other);
    return new Money(this.cents + other.cents, this.currency);
  }

  multiply(factor: number): Money {
    return new Money(Math.round(this.cents * factor), this.currency);
  }

  /** Splits into parts proportional to ratios; leftover cents go to the first parts. */
  allocate(ratios: number[]): Money[] {
    const total = ratios.reduce((a, b) => a + b, 0);
    if (total <= 0) throw new RangeError('ratios must sum to a positive number');
    const shares = ratios.map((r) => Math.floor((this.cents * r) / total));
    let remainder = this.cents - shares.reduce((a, b) => a + b, 0);
    for (let i = 0; remainder > 0; i = (i + 1) % shares.length, remainder -= 1) shares[i] += 1;
    return shares.map((c) => new Money(c, this.currency));
  }

  format(locale = 'en-US'): string {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: this.currency }).format(this.cents / 100);
  }

  equals(other: Money): boolean {
    return this.cents === other.cents && this.currency === other.currency;
  }

  private assertSameCurrency(other: Money): void {
    if (other.currency !== this.currency) throw new CurrencyMismatchError(this.currency, other.currency);
  }
}
