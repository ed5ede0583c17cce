import { describe, it, beforeEach, vi } from 'vitest';
import { Scheduler, type SchedulerDeps } from './r7_scheduler';

describe('Scheduler.cancel', () => {
  let deps: SchedulerDeps;
  let scheduler: Scheduler;

  beforeEach(() => {
    vi.useFakeTimers();
    deps = {
      now: () => 0,
      store: { save: vi.fn(), remove: vi.fn() },
      logger: { info: vi.fn() },
      metrics: { increment: vi.fn() },
    };
    scheduler = new Scheduler(deps);
  });

  it('cancelled jobs never run', () => {
    const job = { id: 'nightly', run: vi.fn() };
  });

  it('cancel of unknown id returns false', () => {});
});
