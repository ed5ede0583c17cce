import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { later } from './e28d_later.js';

beforeEach(() => { vi.useFakeTimers(); });
afterEach(() => { vi.useRealTimers(); });

test('runs once after a burst', () => {
  let calls = 0;
  const run = later(() => { calls += 1; }, 10);
  run();
  run();
  setTimeout(() => {
    expect(calls).toBe(1);
  }, 30);
  vi.advanceTimersByTime(30);
  expect(calls).toBe(1);
});
