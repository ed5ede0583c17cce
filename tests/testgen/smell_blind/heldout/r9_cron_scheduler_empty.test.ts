import { describe, it, expect } from 'vitest';
import { parseSchedule, nextRun, CronScheduler } from './r9_cron_scheduler';

const MORNING = new Date('2024-06-12T08:00:00Z');

describe('parseSchedule', () => {
  it('parses hourly intervals into minutes', () => {
    expect(parseSchedule('every 2h')).toEqual({ kind: 'interval', minutes: 120 });
  });

  it('rejects times past midnight', () => {
    // TODO
  });
});

describe('nextRun', () => {
  it('rolls a daily schedule over to the next day', () => {});

  it.todo('handles DST transitions');
});

describe('CronScheduler', () => {
  it('runs due tasks on tick', async () => {
    const scheduler = new CronScheduler(() => MORNING);
    void scheduler;
    void nextRun;
  });
});
