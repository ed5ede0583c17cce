import { expect } from 'chai';
import { Money, CurrencyMismatchError } from './r2_money';

function cents(parts: Money[]): number[] {
  return parts.map((p) => p.cents);
}

describe('Money.allocate', function () {
  it('gives the leftover cent to the first share', function () {
    expect(cents(Money.of(100).allocate([1, 1, 1]))).to.deep.equal([34, 33, 33]);
  });

  it('never loses or creates money', function () {
    const parts = Money.of(1000).allocate([1, 2, 3]);
    expect(cents(parts)).to.deep.equal([167, 333, 500]);
  });

  it('keeps the currency of the original amount', function () {
    const parts = Money.of(1000, 'EUR').allocate([70, 30]);
    expect(parts.map((p) => p.currency)).to.deep.equal(['EUR', 'EUR']);
  });

  it('rejects ratios that sum to zero', function () {
    expect(() => Money.of(100).allocate([0, 0])).to.throw(RangeError, 'ratios must sum to a positive number');
  });
});

describe('Money.add', function () {
  it('refuses to mix currencies', function () {
    expect(() => Money.of(100, 'USD').add(Money.of(100, 'EUR'))).to.throw(
      CurrencyMismatchError,
      'cannot combine USD with EUR',
    );
  });
});
