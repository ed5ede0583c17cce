import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { Scheduler } from './r7_scheduler';

function makeScheduler() {
  const saved = new Map<string, number>();
  const counters: Record<string, number> = {};
  const scheduler = new Scheduler({
    now: () => Date.now(),
    store: { save: (id, at) => saved.set(id, at), remove: (id) => saved.delete(id) },
    logger: { info() {} },
    metrics: { increment: (n) => { counters[n] = (counters[n] ?? 0) + 1; } },
  });
  return { scheduler, saved, counters };
}

describe('Scheduler with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-05-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs the job exactly when its delay elapses', async () => {
    const { scheduler, saved, counters } = makeScheduler();
    const run = vi.fn();

    scheduler.schedule({ id: 'report', run }, 1_000);
    await vi.advanceTimersByTimeAsync(999);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);

    expect(run).toHaveBeenCalledOnce();
    expect(saved.has('report')).toBe(false);
    expect(counters['jobs.run']).toBe(1);
  });

  it('a cancelled job never runs', async () => {
    const { scheduler } = makeScheduler();
    const run = vi.fn();
    scheduler.schedule({ id: 'report', run }, 1_000);

    expect(scheduler.cancel('report')).toBe(true);
    await vi.runAllTimersAsync();

    expect(run).not.toHaveBeenCalled();
  });
});
