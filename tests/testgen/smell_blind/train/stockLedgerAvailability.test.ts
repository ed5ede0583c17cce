import { afterEach, describe, expect, it, vi } from 'vitest';
import { StockLedger } from './stockLedger';

const RECEIVED = 10;
const RESERVED = 3;

describe('StockLedger.available', () => {
  afterEach(() => vi.restoreAllMocks());

  it('subtracts reservations from stock on hand', () => {
    const ledger = new StockLedger();
    vi.spyOn(StockLedger.prototype, 'available').mockReturnValue(RECEIVED - RESERVED);

    ledger.receive('SKU-9', RECEIVED);
    ledger.reserve('SKU-9', RESERVED);

    expect(ledger.available('SKU-9')).toBe(7);
  });
});
