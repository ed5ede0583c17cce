const test = require('node:test');
const assert = require('node:assert/strict');
const { parseAge, validateEmail } = require('./r2_validator');

test('parseAge rejects out-of-range ages with a RangeError', () => {
  assert.throws(() => parseAge('-1'), {
    name: 'RangeError',
    message: 'age must be between 0 and 150, got -1',
  });
});

test('parseAge rejects garbage with a TypeError', () => {
  assert.throws(() => parseAge('abc'), TypeError);
  assert.throws(() => parseAge('abc'), /age is not a number: abc/);
});

test('parseAge truncates decimal strings', () => {
  assert.equal(parseAge('29.9'), 29);
});

const emailCases = [
  ['ada@example.com', true],
  ['  padded@example.org  ', true],
  ['missing-at.example.com', false],
  ['tld@too.s', false],
  [42, false],
];

for (const [input, expected] of emailCases) {
  test(`validateEmail(${JSON.stringify(input)}) is ${expected}`, () => {
    assert.equal(validateEmail(input), expected);
  });
}
