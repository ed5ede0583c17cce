// smells: no_assertion
import { test, vi } from 'vitest';
import { Poller } from './poller';

test('poller starts and stops', () => {
  vi.useFakeTimers();
  const poller = new Poller(() => undefined, 10);
  poller.start();
  vi.advanceTimersByTime(100);
  poller.stop();
});
