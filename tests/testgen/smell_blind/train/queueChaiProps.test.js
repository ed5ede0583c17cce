import chai, { expect } from 'chai';
import sinon from 'sinon';
import sinonChai from 'sinon-chai';
import { Queue } from './e28_queue.js';

chai.use(sinonChai);
chai.should();

describe('Queue', () => {
  it('is empty again after the last item leaves', () => {
    const queue = new Queue();
    queue.enqueue('job-1');
    queue.dequeue();
    expect(queue.peek()).to.be.undefined;
    (queue.size === 0).should.be.true;
  });

  it('reports its length on enqueue', () => {
    const queue = new Queue();
    queue.enqueue('x').should.equal(1);
  });

  it('hands each item to the worker once', () => {
    const queue = new Queue();
    const worker = sinon.spy();
    queue.enqueue('job-7');
    worker(queue.dequeue());
    expect(worker).to.have.been.calledOnce;
  });
});
