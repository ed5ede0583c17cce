import { describe, it, expect, vi } from 'vitest';
import { RefundService, RefundError, refundableAmount, Order, RefundDeps } from './r9_refund_service';

const PAID_AT = new Date('2024-05-01T12:00:00Z');
const NINETEEN_DAYS_LATER = new Date('2024-05-20T12:00:00Z');
const THIRTY_FIVE_DAYS_LATER = new Date('2024-06-05T12:00:00Z');

const ORDER: Order = {
  id: 'ord_1',
  email: 'buyer@example.com',
  chargeId: 'ch_1',
  paidAt: PAID_AT,
  lines: [
    { sku: 'MUG', qty: 2, unitPriceCents: 1200, opened: false },
    { sku: 'HEADPHONES', qty: 1, unitPriceCents: 5000, opened: true },
  ],
};

function buildDeps(now: Date) {
  const restocked: Array<[string, number]> = [];
  const ledger: Array<{ orderId: string; amountCents: number; refundId: string }> = [];
  const deps: RefundDeps = {
    orders: { get: async (id) => (id === ORDER.id ? ORDER : null) },
    payments: { refund: vi.fn(async () => ({ refundId: 're_1' })) },
    inventory: { restock: async (sku, qty) => { restocked.push([sku, qty]); } },
    ledger: { record: async (entry) => { ledger.push(entry); } },
    notifier: { refundIssued: async () => undefined },
    audit: { log: () => undefined },
    clock: { now: () => now },
  };
  return { deps, restocked, ledger };
}

describe('refundableAmount', () => {
  it('keeps a 10% restocking fee on opened items', () => {
    // 2 x 12.00 + (50.00 - 5.00)
    expect(refundableAmount(ORDER.lines)).toBe(6900);
  });
});

describe('RefundService', () => {
  it('refunds the whole order and restocks unopened items only', async () => {
    const { deps, restocked } = buildDeps(NINETEEN_DAYS_LATER);

    const result = await new RefundService(deps).refund('ord_1', { reason: 'changed mind' });

    expect(result).toEqual({ refundId: 're_1', amountCents: 6900, restocked: ['MUG'] });
    expect(restocked).toEqual([['MUG', 2]]);
  });

  it('refunds only the requested skus', async () => {
    const { deps, ledger } = buildDeps(NINETEEN_DAYS_LATER);

    await new RefundService(deps).refund('ord_1', { skus: ['MUG'], reason: 'chipped' });

    expect(deps.payments.refund).toHaveBeenCalledWith('ch_1', 2400);
    expect(ledger).toEqual([{ orderId: 'ord_1', amountCents: 2400, refundId: 're_1' }]);
  });

  it('rejects refunds after the 30-day window', async () => {
    const { deps } = buildDeps(THIRTY_FIVE_DAYS_LATER);

    await expect(new RefundService(deps).refund('ord_1', { reason: 'late' })).rejects.toMatchObject({ code: 'WINDOW_EXPIRED' });
  });

  it('reports unknown orders', async () => {
    const { deps } = buildDeps(NINETEEN_DAYS_LATER);

    await expect(new RefundService(deps).refund('ord_404', { reason: 'x' })).rejects.toBeInstanceOf(RefundError);
  });
});
