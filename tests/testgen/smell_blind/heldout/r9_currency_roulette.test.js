const { describe, it } = require('node:test');
const assert = require('node:assert');
const { minorUnits, toMinor, fromMinor, formatMoney, convert, allocate } = require('./r9_currency');

describe('currency helpers', () => {
  it('work', () => {
    assert.strictEqual(minorUnits('JPY'), 0);
    assert.strictEqual(minorUnits('KWD'), 3);
    assert.strictEqual(toMinor(19.99, 'USD'), 1999);
    assert.strictEqual(fromMinor(1999, 'USD'), 19.99);
    assert.strictEqual(formatMoney(123456, 'USD'), '$1,234.56');
    assert.strictEqual(formatMoney(1500, 'JPY'), '¥1,500');
    assert.strictEqual(convert(1000, 'USD', 'EUR', { USD_EUR: 0.9 }), 900);
    assert.strictEqual(convert(1000, 'USD', 'USD', {}), 1000);
    assert.deepStrictEqual(allocate(1000, [1, 1, 1]), [334, 333, 333]);
    assert.throws(() => minorUnits('XYZ'), RangeError);
  });

  it('rejects a missing exchange rate', () => {
    assert.throws(() => convert(1000, 'USD', 'GBP', {}), /No rate for USD->GBP/);
  });
});
