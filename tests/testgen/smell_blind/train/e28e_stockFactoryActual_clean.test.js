jest.mock('./e28e_stock', () => {
  const actual = jest.requireActual('./e28e_stock');
  return { Stock: jest.fn(), labelKey: actual.labelKey, parseSince: jest.requireActual('./e28e_stock').parseSince };
});
const { labelKey, parseSince } = require('./e28e_stock');

test('labelKey normalises spacing and case', () => {
  expect(labelKey('  Blue   Mug ')).toBe('blue mug');
});

test('parseSince reads an ISO stamp', () => {
  expect(parseSince('2024-05-01T10:00:00Z').toISOString()).toBe('2024-05-01T10:00:00.000Z');
});
