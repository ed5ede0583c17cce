const { JobQueue } = require('./r9_job_queue');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('JobQueue retries', () => {
  test('a job that fails once is retried and completes', async () => {
    const queue = new JobQueue({ maxAttempts: 3, retryDelayMs: 50 });
    let calls = 0;
    queue.add('sync-inventory', async () => {
      calls += 1;
      if (calls === 1) throw new Error('temporary outage');
      return 'synced';
    });

    await wait(150);

    expect(queue.completed).toEqual([{ name: 'sync-inventory', result: 'synced', attempts: 2 }]);
  });

  test('a job that always fails ends up in failed after maxAttempts', async () => {
    const queue = new JobQueue({ maxAttempts: 2, retryDelayMs: 20 });
    queue.add('charge-card', async () => {
      throw new Error('card declined');
    });

    await wait(100);

    expect(queue.failed).toEqual([{ name: 'charge-card', error: 'card declined', attempts: 2 }]);
  });

  test('stats start empty', () => {
    expect(new JobQueue().stats()).toEqual({ pending: 0, running: 0, completed: 0, failed: 0 });
  });
});
