import { JobQueue } from './queue.js';

describe('JobQueue draining', () => {
  let queue;

  beforeEach(() => {
    queue = new JobQueue();
  });

  it('returns null when the queue is empty', () => {
    expect(queue.next()).toBeNull();
  });

  it('drains high-priority jobs before low-priority ones', () => {
    const urgent = { name: 'send-invoice', priority: 10 };
    const routine = { name: 'rebuild-index', priority: 1 };
  });
});
