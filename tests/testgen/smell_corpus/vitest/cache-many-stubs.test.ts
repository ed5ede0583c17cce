// smells: excessive_mocking
import { expect, test, vi } from 'vitest';
import { CacheWarmer } from './cache-warmer';

test('warms every region', async () => {
  const redis = { get: vi.fn(), set: vi.fn(), expire: vi.fn() };
  const db = { query: vi.fn().mockResolvedValue([{ id: 1 }]) };
  const log = { info: vi.fn(), error: vi.fn() };
  const clock = { now: vi.fn(() => 0) };
  const warmer = new CacheWarmer(redis, db, log, clock);
  await warmer.warm(['eu', 'us']);
  expect(redis.set).toHaveBeenCalledTimes(2);
});
