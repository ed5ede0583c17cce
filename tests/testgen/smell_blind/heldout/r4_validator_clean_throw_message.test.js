const test = require('node:test');
const assert = require('node:assert/strict');
const { validateSignup, ValidationError } = require('./r4_validator');

const base = { email: 'carol@example.com', password: 'correct horse' };

test('invalid email names the field', () => {
  assert.throws(() => validateSignup({ ...base, email: 'not-an-email' }), {
    name: 'Error',
    message: 'email: invalid address',
  });
});

test('age under 13 is a ValidationError on age', () => {
  assert.throws(
    () => validateSignup({ ...base, age: 12 }),
    (err) => err instanceof ValidationError && err.field === 'age' && /integer >= 13/.test(err.message),
  );
});

test('non-object form is a TypeError', () => {
  assert.throws(() => validateSignup(null), TypeError);
  assert.throws(() => validateSignup('x'), /form must be an object/);
});

test('valid form passes through', () => {
  assert.deepEqual(validateSignup({ ...base, age: 13 }), { email: 'carol@example.com', age: 13 });
});
