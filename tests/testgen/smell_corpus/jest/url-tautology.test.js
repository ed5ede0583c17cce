// smells: tautology
const { buildQuery } = require('./url');

test('buildQuery', () => {
  expect(buildQuery({ a: '1', b: '2' })).toBe(buildQuery({ a: '1', b: '2' }));
});
