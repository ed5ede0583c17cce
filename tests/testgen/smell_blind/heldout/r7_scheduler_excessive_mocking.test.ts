import { describe, it, expect, vi } from 'vitest';
import { Scheduler, type SchedulerDeps } from './r7_scheduler';

describe('Scheduler.schedule', () => {
  it('wires the collaborators', () => {
    const deps: SchedulerDeps = {
      now: vi.fn(() => 1000),
      store: { save: vi.fn(), remove: vi.fn() },
      logger: { info: vi.fn() },
      metrics: { increment: vi.fn() },
    };
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout').mockReturnValue(1 as never);
    const job = { id: 'j1', run: vi.fn() };

    new Scheduler(deps).schedule(job, 500);

    expect(deps.now).toHaveBeenCalledTimes(1);
    expect(deps.store.save).toHaveBeenCalledWith('j1', 1500);
    expect(setTimeoutSpy).toHaveBeenCalledWith(expect.any(Function), 500);
    expect(deps.logger.info).toHaveBeenCalledWith('scheduled j1 at 1500');
    expect(deps.metrics.increment).not.toHaveBeenCalled();
    expect(deps.store.remove).not.toHaveBeenCalled();
    expect(job.run).not.toHaveBeenCalled();
    setTimeoutSpy.mockRestore();
  });
});
