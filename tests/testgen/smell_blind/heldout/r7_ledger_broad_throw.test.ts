import { Ledger } from './r7_ledger';

describe('Ledger.withdraw', () => {
  it('cannot overdraw', () => {
    const ledger = new Ledger(10);
    expect(() => ledger.withdraw(11)).toThrow();
  });

  it('rejects zero', () => {
    const ledger = new Ledger(10);
    expect(() => ledger.withdraw(0)).toThrowError();
  });
});
