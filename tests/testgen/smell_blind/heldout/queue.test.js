import { JobQueue } from './queue.js';

const LOW = 1;
const HIGH = 10;

describe('JobQueue', () => {
  it('reports stats after mixed-priority work', () => {
    const queue = new JobQueue();
    queue.enqueue('resize-images', LOW);
    queue.enqueue('send-invoice', HIGH);
    queue.enqueue('rebuild-index', LOW);

    const first = queue.next();
    const stats = queue.stats();

    expect(first.name).toBe('send-invoice');
    expect(stats.pending).toBe(2);
    expect(stats.processed).toBe(1);
    expect(stats.nextUp).toBe('resize-images');
    expect(stats.highestPriority).toBe(1);
  });

  it('keeps FIFO order within the same priority', () => {
    const queue = new JobQueue();
    ['a', 'b', 'c'].forEach((name) => queue.enqueue(name));
    expect([queue.next().name, queue.next().name, queue.next().name]).toEqual(['a', 'b', 'c']);
  });

  it('requires a job name', () => {
    expect(() => new JobQueue().enqueue('')).toThrow('job name is required');
  });
});
