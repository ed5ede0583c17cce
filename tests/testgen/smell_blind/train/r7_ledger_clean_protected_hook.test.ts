import test from 'node:test';
import assert from 'node:assert/strict';
import { Ledger } from './r7_ledger';

// Only the protected fee() hook is overridden; withdraw/statement run for real.
class FlatFeeLedger extends Ledger {
  protected override fee(_amount: number): number {
    return 1.5;
  }
}

test('withdrawal fee is booked as a separate debit', () => {
  const ledger = new FlatFeeLedger(50);
  ledger.withdraw(20, 'atm');

  assert.deepEqual(ledger.history('debit'), [
    { kind: 'debit', amount: 20, memo: 'atm' },
    { kind: 'debit', amount: 1.5, memo: 'fee' },
  ]);
  assert.equal(ledger.statement().fees, 1.5);
  assert.equal(ledger.balance(), 28.5);
});

test('the fee counts towards the overdraft check', () => {
  const ledger = new FlatFeeLedger(20);
  assert.throws(() => ledger.withdraw(19), { name: 'InsufficientFundsError', message: /requested 20.5/ });
});
