const { expect } = require('chai');
const sinon = require('sinon');
const { debounce } = require('./r4_debounce');

describe('debounce (sinon clock)', function () {
  let clock;
  beforeEach(function () { clock = sinon.useFakeTimers(); });
  afterEach(function () { clock.restore(); });

  it('waits the full interval after the last call', function () {
    const fn = sinon.spy();
    const d = debounce(fn, 300);
    d('x');
    clock.tick(299);
    expect(fn.called).to.equal(false);
    clock.tick(1);
    expect(fn.calledOnceWithExactly('x')).to.equal(true);
  });

  it('is not pending after firing', function () {
    const d = debounce(() => {}, 10);
    d();
    clock.tick(10);
    expect(d.pending()).to.equal(false);
  });
});
