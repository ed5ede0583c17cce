import { describe, expect, it, vi } from 'vitest';
import { convert, fetchRate } from './e28_rates';

vi.mock('./e28_rates', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./e28_rates')>()),
  fetchRate: vi.fn(),
}));

describe('convert', () => {
  it('multiplies by the quoted rate and rounds to cents', async () => {
    vi.mocked(fetchRate).mockResolvedValue(1.0842);
    expect(await convert(19.99, 'EUR', 'USD')).toBe(21.67);
  });

  it('skips the service for the same currency', async () => {
    expect(await convert(5.555, 'EUR', 'EUR')).toBe(5.56);
    expect(fetchRate).not.toHaveBeenCalled();
  });
});
