import { afterEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from './r3_scheduler';

describe('Scheduler with the real clock', () => {
  let scheduler: Scheduler | undefined;

  afterEach(() => scheduler?.stop());

  it('runs a job repeatedly once started', async () => {
    const run = vi.fn();
    scheduler = new Scheduler(undefined, 10);
    scheduler.add({ id: 'heartbeat', everyMs: 50, run });
    scheduler.start();
    await new Promise((resolve) => setTimeout(resolve, 180));
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('stop halts further runs', async () => {
    const run = vi.fn();
    scheduler = new Scheduler(undefined, 10);
    scheduler.add({ id: 'x', everyMs: 20, run });
    scheduler.start();
    scheduler.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(run).not.toHaveBeenCalled();
  });

  it('rejects non-positive intervals', () => {
    expect(() => new Scheduler().add({ id: 'bad', everyMs: -1, run: () => {} })).toThrow(
      'interval must be positive: bad',
    );
  });
});
