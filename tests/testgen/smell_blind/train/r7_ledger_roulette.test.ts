import { describe, test, expect } from 'vitest';
import { Ledger, InsufficientFundsError } from './r7_ledger';

describe('Ledger', () => {
  test('everything', () => {
    const a = new Ledger(10);
    expect(a.balance()).toBe(10);
    a.deposit(5, 'gift');
    expect(a.history('credit')).toHaveLength(1);
    expect(() => a.withdraw(100)).toThrow(InsufficientFundsError);
    const b = new Ledger();
    expect(() => b.deposit(-1)).toThrow(RangeError);
    expect(b.statement().count).toBe(0);
    a.withdraw(3);
    expect(a.statement().closing).toBe(12);
    expect(new Ledger(7).history()).toEqual([]);
    expect(a.history()[0].memo).toBe('gift');
  });
});
