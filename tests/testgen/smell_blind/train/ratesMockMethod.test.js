const { test } = require('node:test');
const assert = require('node:assert/strict');
const rates = require('./e28_rates.js');

test('toCents keeps two decimals', (t) => {
  t.mock.method(rates, 'toCents', () => 1.5);

  assert.equal(rates.toCents(1.499), 1.5);
});
