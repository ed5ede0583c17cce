const { Stock, labelKey, parseSince } = require('./e28e_stock');

describe('Stock', () => {
  it('gives a string key for a label', () => {
    expect(typeof labelKey('  Blue Mug ')).toBe('string');
  });

  it('reads a stamp as a Date', () => {
    expect(parseSince('2024-05-01T10:00:00Z')).toBeInstanceOf(Date);
  });

  it('counts what is available as a number', () => {
    const stock = new Stock();
    stock.receive('s1', 5);
    expect(stock.available('s1')).toEqual(expect.any(Number));
  });

  it('lowercases a label', () => {
    const key = labelKey('  Blue Mug ');
    expect(key === 'blue mug' || key === 'blue  mug').toBe(true);
  });
});
