import { nextRun, parseSchedule, CronScheduler } from './r9_cron_scheduler';

describe('nextRun', () => {
  it('aligns intervals', () => {
    expect(nextRun(parseSchedule('every 7m'), new Date(1718187000000)).toISOString()).toBe('2024-06-12T10:14:00.000Z');
  });

  it('picks the next slot of a long interval', () => {
    expect(nextRun({ kind: 'interval', minutes: 45 }, new Date(1718187000000)).toISOString()).toBe('2024-06-12T10:30:00.000Z');
  });

  it('uses today when the time is still ahead', () => {
    expect(nextRun({ kind: 'daily', hour: 13, minute: 47 }, new Date(1718200000000)).toISOString()).toBe('2024-06-12T13:47:00.000Z');
  });

  it('moves to tomorrow when the time has passed', () => {
    expect(nextRun({ kind: 'daily', hour: 6, minute: 5 }, new Date(1718200000000)).toISOString()).toBe('2024-06-13T06:05:00.000Z');
  });
});

describe('CronScheduler', () => {
  it('runs a task once it is due', async () => {
    let now = new Date(1718187000000);
    const scheduler = new CronScheduler(() => now);
    const runs: string[] = [];
    scheduler.register('sync', 'every 7m', () => {
      runs.push('sync');
    });

    now = new Date(1718187240000);
    await expect(scheduler.tick()).resolves.toEqual(['sync']);
    expect(runs).toEqual(['sync']);
  });
});
