const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const { parseAge, validateEmail } = require('./r2_validator');

describe('parseAge', () => {
  it('rejects negative ages', () => {
    assert.throws(() => parseAge('-3'));
  });

  it('rejects non-numeric input', () => {
    assert.throws(() => parseAge('forty'));
  });

  it('accepts the upper bound', () => {
    assert.equal(parseAge('150'), 150);
  });
});

describe('validateEmail', () => {
  it('rejects addresses without a domain', () => {
    assert.equal(validateEmail('user@'), false);
  });
});
