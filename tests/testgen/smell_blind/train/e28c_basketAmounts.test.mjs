import test from 'node:test';
import assert from 'node:assert/strict';
import basket from './e28c_basket.js';

test('cents are shown as euros', () => {
  assert.equal(basket.amount(1999), '19.99 EUR');
});

test('large amounts keep their cents', () => {
  assert.equal(basket.amount(123456), '1234.56 EUR');
});
