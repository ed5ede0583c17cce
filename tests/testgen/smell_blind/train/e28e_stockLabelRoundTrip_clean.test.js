const { Stock } = require('./e28e_stock');

test('a label finds its sku whatever the spacing and case', () => {
  const stock = new Stock();
  const sku = stock.addLabel('s1', '  Blue   Mug ');

  expect(stock.findByLabel('BLUE mug')).toBe(sku);
});

test('an unknown label finds nothing', () => {
  expect(new Stock().findByLabel('red mug')).toBeNull();
});
