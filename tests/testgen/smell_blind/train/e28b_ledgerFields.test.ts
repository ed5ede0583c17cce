import { Ledger } from './e28b_ledger.js';

class MemoryStore {
  rows: object[] = [];
  insert(row: object) { this.rows.push(row); return this.rows.length; }
  update(_row: object) {}
}

class RecordingBus {
  events: [string, unknown][] = [];
  emit(name: string, payload: unknown) { this.events.push([name, payload]); }
}

test('a booked transfer is stored once and announced with its net amount', () => {
  const store = new MemoryStore();
  const bus = new RecordingBus();
  const entry = new Ledger(store, bus, { transfer: 1 }).book({ amount: 2500, method: 'transfer' });

  expect(entry.fee).toBe(25);
  expect(entry.net).toBe(2475);
  expect(store.rows).toHaveLength(1);
  expect(store.rows[0]).toBe(entry);
  expect(bus.events).toHaveLength(1);
  expect(bus.events[0][0]).toBe('booked');
  expect(bus.events[0][1]).toEqual({ id: 1, net: 2475 });
});
