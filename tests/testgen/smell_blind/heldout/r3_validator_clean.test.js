const { test } = require('node:test');
const assert = require('node:assert/strict');
const { ValidationError, assertSignup, validatePassword } = require('./r3_validator');

const VALID = Object.freeze({ email: 'ada@example.com', password: 'Correct7Horse', age: 36 });

function assertRejected(input, field, messagePattern) {
  assert.throws(
    () => assertSignup(input),
    (err) => {
      assert.ok(err instanceof ValidationError, `expected ValidationError, got ${err.name}`);
      assert.equal(err.field, field);
      assert.match(err.message, messagePattern);
      return true;
    },
  );
}

test('valid signup is normalised', () => {
  assert.deepEqual(assertSignup({ ...VALID, email: ' ADA@Example.com' }), { email: 'ada@example.com', age: 36 });
});

test('bad email is rejected on the email field', () => {
  assertRejected({ ...VALID, email: 'ada.example.com' }, 'email', /^email: invalid address$/);
});

test('weak password lists the missing rules', () => {
  assertRejected({ ...VALID, password: 'weak' }, 'password', /needs at least 10 characters, an uppercase letter, a digit/);
});

test('age must be an integer of at least 13', () => {
  assertRejected({ ...VALID, age: 12 }, 'age', /must be 13 or older/);
  assertRejected({ ...VALID, age: 13.5 }, 'age', /must be 13 or older/);
});

test('password rules table', () => {
  const cases = [
    ['Correct7Horse', []],
    ['correct7horse', ['an uppercase letter']],
    ['CorrectHorse', ['a digit']],
    ['Short7', ['at least 10 characters']],
  ];
  for (const [pw, errors] of cases) {
    assert.deepEqual(validatePassword(pw).errors, errors, `password ${pw}`);
  }
});
