const test = require('node:test');
const assert = require('node:assert/strict');
const { formatCurrency, truncate, formatList, visibleLabels } = require('./r2_format');
const { validateEmail, parseAge } = require('./r2_validator');

test('string utilities', () => {
  assert.equal(formatCurrency(5), '$5.00');
  assert.equal(truncate('hello', 10), 'hello');
  assert.equal(truncate('Hello wonderful world', 10), 'Hello won…');
  assert.equal(formatList([]), '');
  assert.equal(formatList(['tea', 'coffee'], 'or'), 'tea or coffee');
  assert.deepEqual(visibleLabels([{ label: 'x', hidden: true }]), []);
  assert.ok(validateEmail('a@b.io'));
  assert.ok(!validateEmail('nope'));
  assert.equal(parseAge('42'), 42);
  assert.equal(formatCurrency(0.5, 'GBP', 'en-GB'), '£0.50');
  assert.equal(formatList(['a', 'b', 'c']), 'a, b, and c');
});
