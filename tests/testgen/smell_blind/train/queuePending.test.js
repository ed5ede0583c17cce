const { Queue } = require('./e28_queue.js');

describe('Queue', () => {
  test('counts what it holds', () => {
    const queue = new Queue();
    queue.enqueue('a');
    expect(queue.size).toBe(1);
  });

  test('keeps a bounded capacity', () => {
    // capacity limits are not designed yet
    return;
  });
});
