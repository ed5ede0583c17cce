import { DEFAULT_TIERS, lineTotal, tierFor, unitPrice } from './r6_pricing';

const LIST_PRICE_CENTS = 1000;

describe('unitPrice with the default tiers', () => {
  test.each`
    qty    | expected
    ${1}   | ${1000}
    ${9}   | ${1000}
    ${10}  | ${950}
    ${49}  | ${950}
    ${50}  | ${900}
    ${100} | ${850}
  `('$qty units cost $expected cents each', ({ qty, expected }) => {
    expect(unitPrice(LIST_PRICE_CENTS, qty)).toBe(expected);
  });

  test('rejects a zero quantity with the offending value', () => {
    expect(() => unitPrice(LIST_PRICE_CENTS, 0)).toThrow(new RangeError('qty must be positive, got 0'));
  });
});

describe('tierFor', () => {
  test('does not depend on the order tiers are listed in', () => {
    const shuffled = [DEFAULT_TIERS[2], DEFAULT_TIERS[0], DEFAULT_TIERS[1]];
    expect(tierFor(60, shuffled)).toEqual({ minQty: 50, percentOff: 10 });
  });
});

test('lineTotal multiplies the discounted unit price', () => {
  expect(lineTotal(LIST_PRICE_CENTS, 10)).toBe(9500);
});
