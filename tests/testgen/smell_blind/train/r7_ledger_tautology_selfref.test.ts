import { Ledger } from './r7_ledger';

describe('Ledger.statement', () => {
  let ledger: Ledger;

  beforeEach(() => {
    ledger = new Ledger(40);
    ledger.deposit(60, 'refund');
    ledger.withdraw(25, 'taxi');
  });

  it('closing equals the running balance', () => {
    expect(ledger.statement().closing).toBe(ledger.balance());
  });

  it('credits are the sum of credit entries', () => {
    const expected = ledger.history('credit').reduce((s, e) => s + e.amount, 0);
    expect(ledger.statement().credits).toBe(expected);
  });

  it('history is stable', () => {
    const h = ledger.history();
    expect(h).toEqual(h);
  });
});
