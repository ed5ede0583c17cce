// smells: none
// subject: src/retry.js
jest.mock('../src/sleep', () => jest.fn(() => Promise.resolve()));
const sleep = require('../src/sleep');
const { backoff, withRetry } = require('../src/retry');

describe('backoff', () => {
  test.each([
    [0, 100],
    [1, 200],
    [3, 800],
  ])('attempt %i waits %i ms', (attempt, expected) => {
    expect(backoff(attempt, 100)).toBe(expected);
  });

  test('never waits longer than the cap', () => {
    expect(backoff(20, 100, 5000)).toBe(5000);
  });
});

test('a call that fails once is retried after a wait', async () => {
  const fn = jest.fn().mockRejectedValueOnce(new Error('flaky')).mockResolvedValue('ok');
  await expect(withRetry(fn, { attempts: 3, base: 10 })).resolves.toBe('ok');
  expect(fn).toHaveBeenCalledTimes(2);
  expect(sleep).toHaveBeenCalledWith(10);
});
