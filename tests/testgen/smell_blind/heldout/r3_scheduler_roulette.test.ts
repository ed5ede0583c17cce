import { describe, expect, it } from 'vitest';
import { Scheduler, type Clock } from './r3_scheduler';

class ManualClock implements Clock {
  constructor(public t = 0) {}
  now() {
    return this.t;
  }
}

describe('Scheduler', () => {
  it('schedules, runs, removes and validates jobs', () => {
    const clock = new ManualClock();
    const s = new Scheduler(clock);
    const noop = () => {};
    s.add({ id: 'a', everyMs: 100, run: noop });
    s.add({ id: 'b', everyMs: 250, run: noop });
    expect(s.nextRunAt('a')).toBe(100);
    expect(s.nextRunAt('b')).toBe(250);
    clock.t = 300;
    s.tick();
    expect(s.runs).toEqual(['a', 'a', 'a', 'b']);
    expect(s.nextRunAt('a')).toBe(400);
    expect(s.remove('a')).toBe(true);
    expect(s.remove('a')).toBe(false);
    expect(s.nextRunAt('a')).toBeUndefined();
    expect(() => s.add({ id: 'b', everyMs: 5, run: noop })).toThrow('duplicate job: b');
    expect(() => s.add({ id: 'c', everyMs: 0, run: noop })).toThrow(RangeError);
    expect(s.nextRunAt('c')).toBeUndefined();
  });

  it('tick before the first due time runs nothing', () => {
    const s = new Scheduler(new ManualClock());
    s.add({ id: 'a', everyMs: 100, run: () => {} });
    s.tick();
    expect(s.runs).toEqual([]);
  });
});
