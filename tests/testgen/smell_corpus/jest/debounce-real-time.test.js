// smells: none
const { debounce } = require('./debounce');

test('runs after the wait', async () => {
  const fn = jest.fn();
  debounce(fn, 100)('x');
  await new Promise((resolve) => setTimeout(resolve, 150));
  expect(fn).toHaveBeenCalledTimes(1);
});
