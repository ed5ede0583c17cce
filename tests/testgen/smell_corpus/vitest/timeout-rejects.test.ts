// smells: none
import { expect, test, vi } from 'vitest';
import { withTimeout } from './timeout';

test('a slow promise is cut off', async () => {
  vi.useFakeTimers();
  const slow = new Promise((resolve) => setTimeout(resolve, 10_000));
  const raced = withTimeout(slow, 100);
  vi.advanceTimersByTime(100);
  await expect(raced).rejects.toThrowError(/timed out after 100 ms/);
});
