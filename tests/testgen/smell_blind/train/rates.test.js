import { convert } from './e28_rates.js';

describe('convert', () => {
  beforeEach(() => {
    jest.spyOn(global, 'fetch').mockResolvedValue({
      ok: true,
      json: async () => ({ rates: { USD: 1.0842 } }),
    });
  });

  afterEach(() => jest.restoreAllMocks());

  test('uses the rate the service quotes', async () => {
    await expect(convert(250, 'EUR', 'USD')).resolves.toBe(271.05);
    expect(fetch).toHaveBeenCalledWith('https://rates.example/latest?base=EUR');
  });

  test('refuses a negative amount', async () => {
    await expect(convert(-1, 'EUR', 'USD')).rejects.toThrow(new RangeError('amount cannot be negative'));
  });
});
