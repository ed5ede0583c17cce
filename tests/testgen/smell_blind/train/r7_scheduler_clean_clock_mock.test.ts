import { Scheduler, type SchedulerDeps } from './r7_scheduler';

describe('Scheduler.schedule', () => {
  let saved: Map<string, number>;
  let deps: SchedulerDeps;

  beforeEach(() => {
    jest.useFakeTimers();
    saved = new Map();
    deps = {
      now: jest.fn(() => 1_700_000_000_000), // the wall clock is the one true collaborator we fake
      store: { save: (id, at) => saved.set(id, at), remove: (id) => saved.delete(id) },
      logger: { info: () => {} },
      metrics: { increment: () => {} },
    };
  });

  afterEach(() => jest.useRealTimers());

  it('persists the absolute due time', () => {
    const at = new Scheduler(deps).schedule({ id: 'email', run: () => {} }, 60_000);

    expect(at).toBe(1_700_000_060_000);
    expect(saved.get('email')).toBe(1_700_000_060_000);
  });

  it('refuses a negative delay with a clear message', () => {
    expect(() => new Scheduler(deps).schedule({ id: 'x', run: () => {} }, -1)).toThrow(
      new RangeError('delay must be >= 0, got -1'),
    );
  });

  it('refuses to schedule the same id twice', () => {
    const s = new Scheduler(deps);
    s.schedule({ id: 'x', run: () => {} }, 10);
    expect(() => s.schedule({ id: 'x', run: () => {} }, 10)).toThrow('job x already scheduled');
  });
});
