import { describe, it } from 'node:test';
import { deepStrictEqual, strictEqual, throws } from 'node:assert/strict';
import { Ledger, feeFor, formatAmount } from './e28b_ledger.js';

const store = () => ({ rows: [], insert(row) { this.rows.push(row); return this.rows.length; }, update() {} });

describe('ledger with node:assert functions', () => {
  it('books a card payment net of its fee', () => {
    const entry = new Ledger(store(), { emit() {} }, { card: 3 }).book({ amount: 2000, method: 'card' });
    strictEqual(entry.net, 1940);
    deepStrictEqual([entry.fee, entry.status], [60, 'booked']);
  });

  it('refuses a negative amount', () => {
    throws(() => new Ledger(store(), { emit() {} }).book({ amount: -5 }), RangeError);
  });

  it('formats cents', () => {
    strictEqual(formatAmount(1250), '12.50 EUR');
    strictEqual(feeFor(1000, 1), 10);
  });
});
