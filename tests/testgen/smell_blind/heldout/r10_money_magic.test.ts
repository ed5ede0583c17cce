import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allocate, convert, formatMoney } from './r10_money';

test('convert rounds to whole cents', () => {
  assert.equal(convert(4999, 0.9213), 4606);
});

test('allocate keeps every cent', () => {
  assert.deepEqual(allocate(1001, [2, 5, 3]), [201, 500, 300]);
});

test('convert rejects a zero rate', () => {
  assert.throws(() => convert(100, 0), { name: 'RangeError', message: 'rate must be positive' });
});

test('pounds are formatted the British way', () => {
  assert.equal(formatMoney(-5, 'GBP'), '-£0.05');
});
