const test = require('node:test');
const assert = require('node:assert');
const { validateEmail, parseAge } = require('./r2_validator');

const samples = ['ada@example.com', 'bad@', ' spaced@mail.org ', 'x@y.z', 'no-at-sign.com'];

test('validateEmail agrees with the email pattern', () => {
  const pattern = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
  for (const sample of samples) {
    assert.strictEqual(validateEmail(sample), pattern.test(sample.trim()));
  }
});

test('parseAge parses decimal integers', () => {
  for (const input of ['7', '42', '150']) {
    assert.strictEqual(parseAge(input), Number.parseInt(String(input), 10));
  }
});
