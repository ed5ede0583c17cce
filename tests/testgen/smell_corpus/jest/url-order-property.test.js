// smells: none
const { buildQuery } = require('./url');

test('key order does not change the query', () => {
  expect(buildQuery({ a: '1', b: '2' })).toBe(buildQuery({ b: '2', a: '1' }));
});
