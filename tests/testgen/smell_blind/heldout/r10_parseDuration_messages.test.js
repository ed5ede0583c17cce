const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const { parseDuration, formatDuration } = require('./r10_parseDuration');

describe('parseDuration', () => {
  it('reads every unit', () => {
    assert.equal(parseDuration('2d'), 172800, 'days are 86,400 s');
    assert.equal(parseDuration('2h'), 7200, 'hours are 3,600 s');
    assert.equal(parseDuration('2m'), 120, 'minutes are 60 s');
    assert.equal(parseDuration('2s'), 2, 'seconds are 1 s');
    assert.equal(parseDuration('1d 2h 3m 4s'), 93784, 'units add up');
    assert.equal(parseDuration(' 1H 5S '), 3605, 'case and outer spaces are ignored');
  });

  it('names the position of unparseable text', () => {
    assert.throws(() => parseDuration('1h x'), {
      name: 'SyntaxError',
      message: 'cannot parse duration "1h x" at position 2',
    });
  });
});

describe('formatDuration', () => {
  it('omits zero units', () => {
    assert.equal(formatDuration(86405), '1d 5s');
  });
});
