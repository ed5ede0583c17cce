import { describe, it, expect, vi, beforeEach } from 'vitest';
import { RefundService, RefundError, Order } from './r9_refund_service';

const ORDER: Order = {
  id: 'ord_1',
  email: 'buyer@example.com',
  chargeId: 'ch_1',
  paidAt: new Date('2024-05-01T12:00:00Z'),
  lines: [
    { sku: 'MUG', qty: 2, unitPriceCents: 1200, opened: false },
    { sku: 'HEADPHONES', qty: 1, unitPriceCents: 5000, opened: true },
  ],
};

describe('RefundService', () => {
  let deps: any;

  beforeEach(() => {
    deps = {
      orders: { get: vi.fn().mockResolvedValue(ORDER) },
      payments: { refund: vi.fn().mockResolvedValue({ refundId: 're_1' }) },
      inventory: { restock: vi.fn().mockResolvedValue(undefined) },
      ledger: { record: vi.fn().mockResolvedValue(undefined) },
      notifier: { refundIssued: vi.fn().mockResolvedValue(undefined) },
      audit: { log: vi.fn() },
      clock: { now: vi.fn().mockReturnValue(new Date('2024-05-20T12:00:00Z')) },
    };
  });

  it('issues a full refund', async () => {
    await new RefundService(deps).refund('ord_1', { reason: 'changed mind' });

    expect(deps.orders.get).toHaveBeenCalledWith('ord_1');
    expect(deps.clock.now).toHaveBeenCalledTimes(1);
    expect(deps.payments.refund).toHaveBeenCalledWith('ch_1', 6900);
    expect(deps.inventory.restock).toHaveBeenCalledTimes(1);
    expect(deps.inventory.restock).toHaveBeenCalledWith('MUG', 2);
    expect(deps.ledger.record).toHaveBeenCalledWith({ orderId: 'ord_1', amountCents: 6900, refundId: 're_1' });
    expect(deps.notifier.refundIssued).toHaveBeenCalledWith('buyer@example.com', 6900);
    expect(deps.audit.log).toHaveBeenCalledWith('refund.issued', { orderId: 'ord_1', amountCents: 6900, reason: 'changed mind' });
  });

  it('refuses orders outside the refund window', async () => {
    deps.clock.now.mockReturnValue(new Date('2024-06-05T12:00:00Z'));

    await expect(new RefundService(deps).refund('ord_1', { reason: 'late' })).rejects.toEqual(new RefundError('WINDOW_EXPIRED'));
    expect(deps.payments.refund).not.toHaveBeenCalled();
  });
});
