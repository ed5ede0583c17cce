// smells: none
import { expect, test, vi } from 'vitest';
import { TtlCache } from './ttl-cache';

test('entries expire', () => {
  let now = 0;
  const cache = new TtlCache<string>({ ttlMs: 1000, now: () => now });
  cache.set('k', 'v');
  now = 999;
  expect(cache.get('k')).toBe('v');
  now = 1000;
  expect(cache.get('k')).toBeUndefined();
});

test('the loader runs once per key', async () => {
  const load = vi.fn(async (key: string) => key.toUpperCase());
  const cache = new TtlCache<string>({ ttlMs: 1000, now: () => 0 });
  await Promise.all([cache.getOrLoad('a', load), cache.getOrLoad('a', load)]);
  expect(load).toHaveBeenCalledOnce();
});
