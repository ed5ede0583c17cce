const { Stock, labelKey } = require('./e28e_stock');

test('keyOf normalises spacing and case', () => {
  const label = '  Blue   Mug ';

  expect(new Stock().keyOf(label)).toBe(labelKey(label));
});
