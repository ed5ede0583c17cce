import { describe, expect, it } from 'vitest';
import { StockLedger } from './stockLedger';

const RECEIVED = 10;
const RESERVED = 4;

function ledgerWithReservation(): StockLedger {
  const ledger = new StockLedger();
  ledger.receive('SKU-1', RECEIVED);
  ledger.reserve('SKU-1', RESERVED);
  return ledger;
}

describe('StockLedger', () => {
  it('snapshots on-hand, reserved and available quantities', () => {
    const snapshot = ledgerWithReservation().snapshot('SKU-1');

    expect(snapshot.sku).toBe('SKU-1');
    expect(snapshot.onHand).toBe(10);
    expect(snapshot.reserved).toBe(4);
    expect(snapshot.available).toBe(6);
  });

  it('refuses to reserve more than is available', () => {
    const ledger = ledgerWithReservation();
    const available = ledger.available('SKU-1');

    expect(() => ledger.reserve('SKU-1', available + 1)).toThrow('cannot reserve 7 of SKU-1; 6 available');
  });

  it('reports zero for an unknown SKU', () => {
    expect(new StockLedger().snapshot('NOPE')).toEqual({ sku: 'NOPE', onHand: 0, reserved: 0, available: 0 });
  });
});
