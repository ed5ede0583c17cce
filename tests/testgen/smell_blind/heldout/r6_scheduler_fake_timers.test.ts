import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Heartbeat, TimeoutError, delay, withRetry, withTimeout } from './r6_scheduler';

describe('scheduler with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('heartbeat fires once per interval until stopped', () => {
    const onBeat = vi.fn();
    const hb = new Heartbeat(1000, onBeat);
    hb.start();

    vi.advanceTimersByTime(3000);
    hb.stop();
    vi.advanceTimersByTime(5000);

    expect(onBeat.mock.calls).toEqual([[1], [2], [3]]);
  });

  it('withTimeout rejects with the configured timeout', async () => {
    const pending = withTimeout(() => delay(60_000), 5_000);
    const assertion = expect(pending).rejects.toThrow(new TimeoutError(5_000));

    await vi.advanceTimersByTimeAsync(5_000);

    await assertion;
  });

  it('withRetry backs off exponentially between attempts', async () => {
    const task = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('busy'))
      .mockRejectedValueOnce(new Error('busy'))
      .mockResolvedValue('ok');

    const result = withRetry(task, { retries: 2, delayMs: 100 });

    await vi.advanceTimersByTimeAsync(100);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(200);

    await expect(result).resolves.toBe('ok');
    expect(task).toHaveBeenCalledTimes(3);
  });
});
