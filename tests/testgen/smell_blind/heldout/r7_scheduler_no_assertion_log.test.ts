import { Scheduler } from './r7_scheduler';

describe('Scheduler', () => {
  it('lists pending jobs in order', () => {
    const scheduler = new Scheduler({
      now: () => 0,
      store: { save() {}, remove() {} },
      logger: { info() {} },
      metrics: { increment() {} },
    });
    scheduler.schedule({ id: 'b', run() {} }, 10);
    scheduler.schedule({ id: 'a', run() {} }, 10);
    console.log('pending', scheduler.pending());
    console.log('cancel b ->', scheduler.cancel('b'));
    scheduler.cancel('a');
  });
});
