const { expect } = require('chai');
const { parseDuration, MAX_SECONDS } = require('./r10_parseDuration');

describe('parseDuration input checks', () => {
  it('accepts exactly one year', () => {
    expect(parseDuration('365d')).to.equal(MAX_SECONDS);
  });

  it('rejects text that is not a duration', () => {
    expect(() => parseDuration('tomorrow')).to.throw();
  });

  it('rejects a unit without a number', () => {
    expect(() => parseDuration('h')).to.throw();
  });

  it('sums repeated units', () => {
    expect(parseDuration('1m 1m')).to.equal(120);
  });
});
