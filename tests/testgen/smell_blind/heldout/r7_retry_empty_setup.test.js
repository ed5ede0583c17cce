const { retry } = require('./r7_retry');

describe('retry', () => {
  test('gives up after the configured attempts', async () => {
    const failing = jest.fn().mockRejectedValue(new Error('down'));
    const sleep = jest.fn().mockResolvedValue(undefined);
    const options = { attempts: 4, baseMs: 10, sleep };
  });
});
