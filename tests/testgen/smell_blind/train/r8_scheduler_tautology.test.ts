import { describe, it, expect, vi, beforeEach, afterEach } from 'vitest';
import { Scheduler } from './r8_scheduler';

describe('Scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('assigns increasing ids', () => {
    const s = new Scheduler(() => 0);
    const a = s.schedule('a', 10, () => {});
    const b = s.schedule('b', 10, () => {});
    expect(b.id).toBe(a.id + 1);
  });

  it('uses the clock to compute runAt', () => {
    const clock = vi.fn().mockReturnValue(5_000);
    const s = new Scheduler(clock);
    s.schedule('sync', 100, () => {});
    expect(clock()).toBe(5_000);
  });

  it('cancelAll returns how many jobs were cancelled', () => {
    const s = new Scheduler(() => 0);
    s.schedule('a', 10, () => {});
    s.schedule('b', 20, () => {});
    expect(s.cancelAll()).toBe(2);
  });

  it('cancel of an unknown id returns false', () => {
    expect(new Scheduler().cancel(999)).toBe(false);
  });
});
