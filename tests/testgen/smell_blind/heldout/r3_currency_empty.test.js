const test = require('node:test');
const assert = require('node:assert/strict');
const { format, convert } = require('./r3_currency');

const RATES = { 'USD/EUR': 0.9, 'EUR/JPY': 160 };

test('formats dollars with grouping', () => {
  assert.equal(format(123456789, 'USD'), '$1,234,567.89');
});

test('formats yen without decimals', () => {
  assert.equal(format(5000, 'JPY'), '¥5,000');
});

test('formats negative amounts', () => {});

test('converts between currencies with different minor units', () => {
  assert.equal(convert(1000, 'EUR', 'JPY', RATES), 1600);
});

test('same currency conversion is identity', () => {
  assert.equal(convert(4321, 'USD', 'USD', RATES), 4321);
});
