import { describe, it, expect, vi } from 'vitest';
import { Ledger } from './e28b_ledger.js';

describe('Ledger.book', () => {
  it('books a card payment: fee, net, stored and announced', () => {
    const store = { insert: vi.fn(() => 17), update: vi.fn() };
    const bus = { emit: vi.fn() };
    const ledger = new Ledger(store, bus, { card: 2 });

    const entry = ledger.book({ amount: 5000, method: 'card' });

    expect(entry.fee).toBe(100);
    expect(entry.net).toBe(4900);
    expect(entry.status).toBe('booked');
    expect(entry.id).toBe(17);
    expect(store.insert).toHaveBeenCalledTimes(1);
    expect(bus.emit).toHaveBeenCalledWith('booked', { id: 17, net: 4900 });
    expect(store.update).not.toHaveBeenCalled();
  });

  it('refuses a zero amount', () => {
    const ledger = new Ledger({ insert: vi.fn() }, { emit: vi.fn() });
    expect(() => ledger.book({ amount: 0, method: 'card' })).toThrow(RangeError);
  });
});
