const currency = require('./r3_currency');

const RATES = { 'USD/EUR': 0.92, 'GBP/USD': 1.27 };

describe('format', () => {
  it.each([
    [199, 'USD', '$1.99'],
    [100000, 'EUR', '€1,000.00'],
    [-250, 'GBP', '-£2.50'],
    [42, 'CHF', 'CHF 0.42'],
  ])('format(%d, %s) -> %s', (minor, code, expected) => {
    expect(currency.format(minor, code)).toBe(expected);
  });
});

describe('convert', () => {
  afterEach(() => jest.restoreAllMocks());

  it('converts dollars to euros', () => {
    jest
      .spyOn(currency, 'convert')
      .mockImplementation((amount, from, to, rates) => Math.round(amount * rates[`${from}/${to}`]));
    expect(currency.convert(1000, 'USD', 'EUR', RATES)).toBe(920);
    expect(currency.convert).toHaveBeenCalledWith(1000, 'USD', 'EUR', RATES);
  });

  it('throws for a missing rate', () => {
    expect(() => currency.convert(1, 'EUR', 'USD', RATES)).toThrow(new RangeError('no rate for EUR/USD'));
  });
});
