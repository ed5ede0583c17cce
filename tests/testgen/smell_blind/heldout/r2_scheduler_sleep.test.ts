import { expect } from 'chai';
import { Scheduler } from './r2_scheduler';

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('Scheduler', function () {
  this.timeout(2000);

  it('retries a failing task after the retry delay', async function () {
    const scheduler = new Scheduler({ retries: 1, retryDelayMs: 20 });
    let attempts = 0;
    scheduler.enqueue(async () => {
      attempts++;
      if (attempts === 1) throw new Error('transient');
    });

    await pause(100);

    expect(attempts).to.equal(2);
    expect(scheduler.failures).to.deep.equal([]);
  });

  it('runs queued tasks in order', function (done) {
    const scheduler = new Scheduler();
    const seen: string[] = [];
    scheduler.enqueue(async () => { seen.push('a'); });
    scheduler.enqueue(async () => { seen.push('b'); });
    setTimeout(() => {
      expect(seen).to.deep.equal(['a', 'b']);
      expect(scheduler.idle).to.equal(true);
      done();
    }, 50);
  });
});
