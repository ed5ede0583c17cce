import { allocate, formatMoney } from './r10_money';

describe('formatMoney', () => {
  it('uses German grouping for euros', () => {
    const expected = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(1234.5);
    expect(formatMoney(123450, 'EUR')).toBe(expected);
  });

  it('rejects fractional cents', () => {
    expect(() => formatMoney(10.5)).toThrow(TypeError);
  });
});

describe('allocate', () => {
  it('respects a seventy/thirty split', () => {
    expect(allocate(1000, [70, 30])).toEqual([700, 300]);
  });
});
