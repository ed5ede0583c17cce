const { expect } = require('chai');
const sinon = require('sinon');
const { JobQueue } = require('./r4_queue');

describe('JobQueue', function () {
  it('push returns the new length', function () {
    const q = new JobQueue();
    expect(q.push(() => 1)).to.equal(1);
    expect(q.push(() => 2)).to.equal(2);
  });

  it('saves results to the store', async function () {
    const store = { save: sinon.stub().resolves('saved') };
    const q = new JobQueue({ store });
    q.push(async () => 'a');
    await q.drain();
    const ack = await store.save(['a']);
    expect(ack).to.equal('saved');
  });
});
