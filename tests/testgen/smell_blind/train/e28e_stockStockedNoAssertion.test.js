const { Stock } = require('./e28e_stock');

function stocked() {
  const stock = new Stock();
  stock.receive('s1', 5);
  return stock;
}

test('receive adds to what is on hand', () => {
  const stock = stocked();
});

test('reserve leaves what is left', () => {
  expect(stocked().reserve('s1', 2)).toBe(3);
});
