import { Ledger, InsufficientFundsError } from './r7_ledger';

describe('Ledger.statement', () => {
  it('summarises one month of activity', () => {
    const ledger = new Ledger(100);
    ledger.deposit(250, 'salary');
    ledger.withdraw(80, 'rent');
    ledger.withdraw(20, 'food');

    expect(ledger.statement()).toEqual({
      opening: 100,
      credits: 250,
      debits: 100,
      fees: 0,
      closing: 250,
      count: 3,
    });
  });

  it('refuses an overdraft and reports the shortfall', () => {
    const ledger = new Ledger(10);
    expect(() => ledger.withdraw(11)).toThrow(
      new InsufficientFundsError(11, 10),
    );
    expect(() => ledger.withdraw(11)).toThrow(/requested 11, available 10/);
  });
});
