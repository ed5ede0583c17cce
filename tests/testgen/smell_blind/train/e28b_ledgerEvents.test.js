import { Ledger } from './e28b_ledger.js';

class Bus {
  constructor() { this.handlers = {}; }
  on(name, handler) { (this.handlers[name] ||= []).push(handler); }
  emit(name, payload) { (this.handlers[name] || []).forEach((h) => h(payload)); }
}

describe('Ledger events', () => {
  it('announces a booked payment with its net amount', (done) => {
    const bus = new Bus();
    bus.on('booked', (event) => {
      expect(event).toEqual({ id: 1, net: 980 });
      done();
    });
    new Ledger({ insert: () => 1 }, bus, { card: 2 }).book({ amount: 1000, method: 'card' });
  });

  it('counts the announcements it makes', () => {
    expect.assertions(1);
    const bus = new Bus();
    bus.on('booked', (event) => expect(event.net).toBe(500));
    new Ledger({ insert: () => 2 }, bus).book({ amount: 500, method: 'cash' });
  });
});
