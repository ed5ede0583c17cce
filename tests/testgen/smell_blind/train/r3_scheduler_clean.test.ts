import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './r3_scheduler';

const TICK_MS = 100;
const clock = { now: () => Date.now() };

describe('Scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('runs a job each time its interval elapses', () => {
    const run = vi.fn();
    const s = new Scheduler(clock, TICK_MS);
    s.add({ id: 'report', everyMs: 1_000, run });
    s.start();
    vi.advanceTimersByTime(999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_001);
    expect(run).toHaveBeenCalledTimes(3);
    s.stop();
  });

  it('catches up on missed runs in a single tick', () => {
    const s = new Scheduler(clock, TICK_MS);
    s.add({ id: 'a', everyMs: 100, run: () => {} });
    vi.setSystemTime(Date.now() + 350);
    s.tick();
    expect(s.runs).toEqual(['a', 'a', 'a']);
  });

  it('stop prevents further ticks', () => {
    const run = vi.fn();
    const s = new Scheduler(clock, TICK_MS);
    s.add({ id: 'a', everyMs: 100, run });
    s.start();
    s.stop();
    vi.advanceTimersByTime(10_000);
    expect(run).not.toHaveBeenCalled();
  });

  it('duplicate ids are refused', () => {
    const s = new Scheduler(clock);
    s.add({ id: 'a', everyMs: 1, run: () => {} });
    expect(() => s.add({ id: 'a', everyMs: 1, run: () => {} })).toThrowError(/^duplicate job: a$/);
  });
});
