import { expect } from 'chai';
import * as sinon from 'sinon';
import { Scheduler } from './r8_scheduler';

describe('Scheduler', () => {
  let clock: sinon.SinonFakeTimers;

  beforeEach(() => {
    clock = sinon.useFakeTimers({ now: 0 });
  });

  afterEach(() => {
    clock.restore();
  });

  it('executes the callback after the delay', () => {
    const fn = sinon.spy();
    new Scheduler(() => clock.now).schedule('tick', 50, fn);
    clock.tick(50);
    expect(fn.calledOnce).to.equal(true);
  });

  it('cancelAll marks every pending job as cancelled', () => {
    const scheduler = new Scheduler(() => clock.now);
    scheduler.schedule('a', 100, () => {});
    scheduler.schedule('b', 200, () => {});

    scheduler.cancelAll();

    scheduler.pending().forEach((job) => {
      expect(job.cancelled).to.equal(true);
    });
  });

  it('pending is empty after jobs run', () => {
    const scheduler = new Scheduler(() => clock.now);
    scheduler.schedule('a', 10, () => {});
    clock.tick(10);
    expect(scheduler.pending()).to.deep.equal([]);
  });
});
