import { Ledger } from './e28b_ledger.js';

class Bus {
  constructor() { this.handlers = {}; }
  on(name, handler) { (this.handlers[name] ||= []).push(handler); }
  emit(name, payload) { (this.handlers[name] || []).forEach((h) => h(payload)); }
}

describe('Ledger events', () => {
  it('announces refunds', () => {
    const bus = new Bus();
    bus.on('refunded', (event) => {
      expect(event.id).toBe(1);
    });
    const ledger = new Ledger({ insert: () => 1, update() {} }, bus);
    ledger.refund(ledger.book({ amount: 700, method: 'cash' }));
  });
});
