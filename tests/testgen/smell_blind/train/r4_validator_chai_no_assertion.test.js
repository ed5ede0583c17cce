const { expect } = require('chai');
const { validateSignup } = require('./r4_validator');

describe('validateSignup', function () {
  it('returns null age when not given', function () {
    expect(validateSignup({ email: 'q@r.st', password: 'longenough' }).age).to.equal(null);
  });

  it('accepts uppercase domains', function () {
    const out = validateSignup({ email: 'Q@R.ST', password: 'longenough' });
    expect(out.email).to.be;
    expect(out).to.have;
  });
});
