jest.mock('./e28e_stock', () => {
  const actual = jest.requireActual('./e28e_stock');
  return { ...actual, labelKey: jest.fn(() => 'blue mug'), Stock: actual.Stock };
});
const { labelKey } = require('./e28e_stock');

test('labelKey normalises spacing and case', () => {
  expect(labelKey('  Blue   Mug ')).toBe('blue mug');
});
