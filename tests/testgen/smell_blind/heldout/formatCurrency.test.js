import { formatCurrency, priceLabel } from './formatCurrency.js';

describe('formatCurrency', () => {
  test.each([
    [1234.5, 'USD', '$1,234.50'],
    [1234.5, 'EUR', '€1,234.50'],
    [1234.5, 'JPY', '¥1,235'],
    [-5, 'USD', '-$5.00'],
    [0.1 + 0.2, 'USD', '$0.30'],
  ])('formats %p %s as %s', (amount, currency, expected) => {
    expect(formatCurrency(amount, currency)).toBe(expected);
  });

  it('throws a TypeError for NaN', () => {
    expect(() => formatCurrency(Number.NaN)).toThrow(TypeError);
    expect(() => formatCurrency(Number.NaN)).toThrow('amount must be a finite number, got NaN');
  });

  it('labels zero as Free', () => {
    expect(priceLabel(0, 'USD')).toBe('Free');
  });
});
