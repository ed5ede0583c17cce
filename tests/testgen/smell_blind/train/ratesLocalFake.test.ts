import { expect, test, vi } from 'vitest';
import { convert } from './e28_rates';

test('converts euros to dollars', async () => {
  const convert = vi.fn().mockResolvedValue(108.42);

  expect(await convert(100, 'EUR', 'USD')).toBe(108.42);
});
