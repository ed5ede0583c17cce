// smells: none
// subject: src/retry.js
const { withRetry } = require('../src/retry');

test('gives up after the last attempt', async () => {
  const fn = jest.fn().mockRejectedValue(new Error('down'));
  await expect(withRetry(fn, { attempts: 2, base: 1 })).rejects.toThrow('down');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fn).toHaveBeenCalledTimes(2);
});
