import { describe, it, expect, vi } from 'vitest';
import { Scheduler } from './r7_scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Scheduler', () => {
  it('runs a job after its delay', async () => {
    const run = vi.fn();
    const scheduler = new Scheduler({
      now: Date.now,
      store: { save() {}, remove() {} },
      logger: { info() {} },
      metrics: { increment() {} },
    });

    scheduler.schedule({ id: 'ping', run }, 20);
    expect(run).not.toHaveBeenCalled();
    await sleep(100);
    expect(run).toHaveBeenCalledOnce();
    expect(scheduler.pending()).toEqual([]);
  });
});
