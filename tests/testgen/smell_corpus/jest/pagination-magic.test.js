// smells: none
const { paginate } = require('./pagination');

test('large collections', () => {
  const big = Array.from({ length: 12345 }, (_, i) => i);
  expect(paginate(big, { page: 2, size: 5000 }).items[0]).toBe(5000);
  expect(paginate(big, { page: 3, size: 5000 }).total).toBe(12345);
});
