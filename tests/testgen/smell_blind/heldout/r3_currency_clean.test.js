import { describe, it, expect, vi, beforeEach } from 'vitest';
import { Converter, convert, format } from './r3_currency';

const RATES = { 'USD/EUR': 0.5, 'USD/JPY': 150, 'JPY/USD': 0.0067 };

describe('convert', () => {
  it.each([
    [1000, 'USD', 'EUR', 500],
    [1000, 'USD', 'JPY', 1500],
    [10000, 'JPY', 'USD', 6700],
    [1, 'USD', 'EUR', 1],
  ])('%i %s -> %s = %i', (amount, from, to, expected) => {
    expect(convert(amount, from, to, RATES)).toBe(expected);
  });

  it('reports the missing pair', () => {
    expect(() => convert(1, 'EUR', 'GBP', RATES)).toThrowError(new RangeError('no rate for EUR/GBP'));
  });
});

describe('Converter', () => {
  let provider;

  beforeEach(() => {
    // The rate provider talks to a remote FX API, so it is replaced by a stub.
    provider = { fetchRates: vi.fn().mockResolvedValue(RATES) };
  });

  it('converts using fetched rates', async () => {
    await expect(new Converter(provider).convert(2000, 'USD', 'EUR')).resolves.toBe(1000);
  });

  it('fetches rates only once', async () => {
    const converter = new Converter(provider);
    await converter.convert(100, 'USD', 'EUR');
    await converter.convert(100, 'USD', 'JPY');
    expect(provider.fetchRates).toHaveBeenCalledTimes(1);
  });

  it('propagates provider failures', async () => {
    provider.fetchRates.mockRejectedValue(new Error('FX API unavailable'));
    await expect(new Converter(provider).convert(1, 'USD', 'EUR')).rejects.toThrow('FX API unavailable');
  });
});

describe('format', () => {
  it('groups thousands and keeps two decimals', () => {
    expect(format(123456, 'GBP')).toBe('£1,234.56');
  });
});
