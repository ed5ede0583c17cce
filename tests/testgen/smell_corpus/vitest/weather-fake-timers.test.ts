// smells: none
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { Poller } from './poller';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

test('polls every interval', () => {
  const check = vi.fn();
  new Poller(check, 1000).start();
  vi.advanceTimersByTime(3000);
  expect(check).toHaveBeenCalledTimes(3);
});
