const { describe, it } = require('node:test');
const assert = require('node:assert');
const { assertSignup, validatePassword } = require('./r3_validator');

const GOOD = { email: 'ada@example.com', password: 'Correct7Horse', age: 36 };

describe('assertSignup', () => {
  it('returns the normalised record', () => {
    assert.deepStrictEqual(assertSignup(GOOD), { email: 'ada@example.com', age: 36 });
  });

  it('rejects a bad email', () => {
    assert.throws(() => assertSignup({ ...GOOD, email: 'nope' }));
  });

  it('rejects under-age users', () => {
    assert.throws(() => assertSignup({ ...GOOD, age: 12 }), Error);
  });
});

describe('validatePassword', () => {
  it('flags whitespace', () => {
    assert.deepStrictEqual(validatePassword('Has Space 123').errors, ['no whitespace']);
  });
});
