const { expect } = require('chai');
const { Poller } = require('./r8_poller');

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Poller', function () {
  let poller;

  afterEach(function () {
    if (poller) poller.stop();
  });

  it('is not running before start', function () {
    poller = new Poller(async () => 1);
    expect(poller.running).to.equal(false);
  });

  it('fetches periodically after start', async function () {
    let calls = 0;
    poller = new Poller(async () => { calls += 1; return calls; }, { intervalMs: 20 });
    poller.start();
    await wait(110);
    expect(calls).to.be.at.least(4);
  });

  it('emits stopped when stopped', function () {
    poller = new Poller(async () => 1).start();
    let stopped = false;
    poller.on('stopped', () => { stopped = true; });
    poller.stop();
    expect(stopped).to.equal(true);
  });
});
