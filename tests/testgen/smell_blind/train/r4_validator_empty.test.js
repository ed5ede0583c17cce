const test = require('node:test');
const assert = require('node:assert');
const { validateSignup } = require('./r4_validator');

test('accepts a minimal valid form', () => {
  const out = validateSignup({ email: 'x@y.dev', password: 'abcdefgh' });
  assert.strictEqual(out.email, 'x@y.dev');
});

test('rejects fractional ages', () => {});

test.describe('password rules', () => {
  test('rejects exactly 7 characters', () => {
    assert.throws(() => validateSignup({ email: 'x@y.dev', password: '1234567' }), /at least 8/);
  });
});
