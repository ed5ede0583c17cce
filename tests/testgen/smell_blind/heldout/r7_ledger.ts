export class InsufficientFundsError extends Error {
  constructor(public readonly requested: number, public readonly available: number) {
    super(`insufficient funds: requested ${requested}, available ${available}`);
    this.name = 'InsufficientFundsError';
  }
}

export interface Entry {
  kind: 'credit' | 'debit';
  amount: number;
  memo: string;
}

export interface Statement {
  opening: number;
  credits: number;
  debits: number;
  fees: number;
  closing: number;
  count: number;
}

export class Ledger {
  protected entries: Entry[] = [];

  constructor(private readonly opening = 0) {}

  deposit(amount: number, memo = ''): void {
    if (!(amount > 0)) throw new RangeError(`deposit must be positive, got ${amount}`);
    this.entries.push({ kind: 'credit', amount, memo });
  }

  withdraw(amount: number, memo = ''): void {
    if (!(amount > 0)) throw new RangeError(`withdrawal must be positive, got ${amount}`);
    const fee = this.fee(amount);
    const available = this.balance();
    if (amount + fee > available) throw new InsufficientFundsError(amount + fee, available);
    this.entries.push({ kind: 'debit', amount, memo });
    if (fee > 0) this.entries.push({ kind: 'debit', amount: fee, memo: 'fee' });
  }

  /** Hook for account types that charge per withdrawal. */
  protected fee(_amount: number): number {
    return 0;
  }

  balance(): number {
    return this.entries.reduce(
      (b, e) => (e.kind === 'credit' ? b + e.amount : b - e.amount),
      this.opening,
    );
  }

  history(kind?: Entry['kind']): Entry[] {
    return kind ? this.entries.filter((e) => e.kind === kind) : [...this.entries];
  }

  statement(): Statement {
    const sum = (xs: Entry[]) => xs.reduce((s, e) => s + e.amount, 0);
    const debits = this.entries.filter((e) => e.kind === 'debit' && e.memo !== 'fee');
    const fees = this.entries.filter((e) => e.memo === 'fee');
    return {
      opening: this.opening,
      credits: sum(this.history('credit')),
      debits: sum(debits),
      fees: sum(fees),
      closing: this.balance(),
      count: this.entries.length,
    };
  }
}
