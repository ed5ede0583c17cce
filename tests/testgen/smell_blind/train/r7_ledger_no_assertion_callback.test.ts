import { describe, it, expect } from 'vitest';
import { Ledger } from './r7_ledger';

describe('Ledger.history', () => {
  it('every fee entry is positive', () => {
    const ledger = new Ledger(100);
    ledger.deposit(20);
    ledger.withdraw(30);
    ledger
      .history('debit')
      .filter((e) => e.memo === 'fee')
      .forEach((e) => {
        expect(e.amount).toBeGreaterThan(0);
      });
  });

  it('notifies on overdraft', () => {
    const ledger = new Ledger(0);
    const onError = (err: Error) => expect(err.name).toBe('InsufficientFundsError');
    ledger.deposit(5);
    if (ledger.balance() < 0) onError(new Error('unreachable'));
  });
});
