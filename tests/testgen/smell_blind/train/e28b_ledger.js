// A ledger that books payments through a store and announces them on a bus.
export class Ledger {
  constructor(store, bus, fees = {}) {
    this.store = store;
    this.bus = bus;
    this.fees = fees;
  }

  book(payment) {
    if (!payment.amount || payment.amount <= 0) {
      throw new RangeError('amount must be positive');
    }
    const fee = Math.round(payment.amount * (this.fees[payment.method] ?? 0)) / 100;
    const entry = { ...payment, fee, net: payment.amount - fee, status: 'booked' };
    entry.id = this.store.insert(entry);
    this.bus.emit('booked', { id: entry.id, net: entry.net });
    return entry;
  }

  refund(entry) {
    if (entry.status !== 'booked') throw new Error(`cannot refund a ${entry.status} entry`);
    entry.status = 'refunded';
    this.store.update(entry);
    return entry;
  }
}

export function feeFor(amount, percent) {
  return Math.round(amount * percent) / 100;
}

export function formatAmount(cents) {
  return `${(cents / 100).toFixed(2)} EUR`;
}
