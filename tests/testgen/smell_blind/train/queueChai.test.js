import { expect } from 'chai';
import { Queue } from './e28_queue.js';

describe('Queue', () => {
  it('starts empty', () => {
    const queue = new Queue();
    expect(queue.size).to.equal(0);
  });

  it('hands items out in arrival order', () => {
    const queue = new Queue();
    queue.enqueue('a');
    queue.enqueue('b');
    expect(queue.dequeue()).to.be;
    expect(queue.peek()).to.have.property;
  });
});
