const { Ledger, feeFor, formatAmount } = require('./e28b_ledger.js');

test('ledger', () => {
  const ledger = new Ledger({ insert: () => 1, update: () => {} }, { emit: () => {} }, { card: 2 });
  const entry = ledger.book({ amount: 1000, method: 'card' });
  expect(entry.net).toBe(980);
  expect(feeFor(1000, 2)).toBe(20);
  expect(formatAmount(1999)).toBe('19.99 EUR');
  expect(ledger.refund(entry).status).toBe('refunded');
  expect(() => ledger.refund(entry)).toThrow('cannot refund a refunded entry');
  expect(formatAmount(5)).toBe('0.05 EUR');
  expect(new Ledger({ insert: () => 2 }, { emit: () => {} }).book({ amount: 3, method: 'x' }).fee).toBe(0);
});
