import { describe, expect, it } from 'vitest';
import { VAT_RATE, applyCoupon, priceWithVat } from './pricing';

describe('priceWithVat', () => {
  it('adds the default 20% VAT', () => {
    const net = 10;
    expect(priceWithVat(net)).toBe(12);
  });

  it('rounds to whole cents', () => {
    const net = 19.99;
    expect(priceWithVat(net)).toBe(23.99);
  });

  it('accepts a reduced rate', () => {
    const net = 100;
    const reducedRate = 0.07;
    expect(priceWithVat(net, reducedRate)).toBe(107);
  });

  it('gives the same result when VAT_RATE is passed explicitly', () => {
    const net = 250;
    expect(priceWithVat(net, VAT_RATE)).toBe(300);
  });

  it('rejects a negative net price', () => {
    expect(() => priceWithVat(-1)).toThrow(new RangeError('net price must be >= 0, got -1'));
  });
});

describe('applyCoupon', () => {
  it('takes a percentage off and rounds to cents', () => {
    const price = 49.99;
    expect(applyCoupon(price, { code: 'SAVE20', percentOff: 20 })).toBe(39.99);
  });

  it.each([0, -5, 101])('rejects percentOff=%i', (percentOff) => {
    const price = 10;
    expect(() => applyCoupon(price, { code: 'BAD', percentOff })).toThrow(
      `invalid percentOff ${percentOff} for BAD`,
    );
  });
});
