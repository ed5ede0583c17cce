import { describe, it, expect } from 'vitest';
import { parseSchedule, nextRun, CronScheduler, ScheduleSyntaxError } from './r9_cron_scheduler';

const AT_10_07 = new Date('2024-06-12T10:07:00Z');
const AT_10_15 = new Date('2024-06-12T10:15:00Z');

describe('parseSchedule', () => {
  it.each([
    ['every 15m', { kind: 'interval', minutes: 15 }],
    ['every 2h', { kind: 'interval', minutes: 120 }],
    ['daily 09:30', { kind: 'daily', hour: 9, minute: 30 }],
  ])('parses %s', (spec, expected) => {
    expect(parseSchedule(spec)).toEqual(expected);
  });

  it.each(['every 0m', 'every 25h', 'daily 24:00', 'hourly'])('rejects %s', (spec) => {
    expect(() => parseSchedule(spec)).toThrow(ScheduleSyntaxError);
  });
});

describe('nextRun', () => {
  it('rounds up to the next interval boundary', () => {
    expect(nextRun({ kind: 'interval', minutes: 15 }, AT_10_07)).toEqual(AT_10_15);
  });

  it('is strictly after a time that sits on a boundary', () => {
    expect(nextRun({ kind: 'interval', minutes: 15 }, AT_10_15)).toEqual(new Date('2024-06-12T10:30:00Z'));
  });

  it('rolls a daily schedule to tomorrow once today has passed', () => {
    expect(nextRun({ kind: 'daily', hour: 9, minute: 30 }, AT_10_07)).toEqual(new Date('2024-06-13T09:30:00Z'));
  });
});

describe('CronScheduler', () => {
  it('runs only due tasks and reschedules them', async () => {
    let now = AT_10_07;
    const scheduler = new CronScheduler(() => now);
    const ran: string[] = [];
    scheduler.register('sync', 'every 15m', () => {
      ran.push('sync');
    });
    scheduler.register('report', 'daily 09:30', () => {
      ran.push('report');
    });

    now = AT_10_15;

    expect(await scheduler.tick()).toEqual(['sync']);
    expect(ran).toEqual(['sync']);
    expect(scheduler.nextRunOf('sync')).toEqual(new Date('2024-06-12T10:30:00Z'));
  });

  it('refuses duplicate task names', () => {
    const scheduler = new CronScheduler(() => AT_10_07);
    scheduler.register('sync', 'every 15m', () => {});
    expect(() => scheduler.register('sync', 'every 5m', () => {})).toThrow('duplicate task: sync');
  });
});
