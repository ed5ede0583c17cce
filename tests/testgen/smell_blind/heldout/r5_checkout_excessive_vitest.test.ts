import { describe, it, expect, vi, beforeEach } from 'vitest';
import { CheckoutService, OutOfStockError } from './r5_checkout_service';
import * as tax from './r5_tax';

vi.mock('./r5_tax', () => ({ taxFor: vi.fn(() => 0) }));

const deps = () => ({
  inventory: { reserve: vi.fn(), release: vi.fn() },
  payments: { charge: vi.fn() },
  mailer: { sendReceipt: vi.fn() },
  clock: { now: vi.fn(() => new Date(0)) },
  ids: { next: vi.fn(() => 'ord-1') },
});

describe('CheckoutService.checkout', () => {
  let d: ReturnType<typeof deps>;

  beforeEach(() => {
    d = deps();
  });

  it('releases reservations when stock runs out', async () => {
    d.inventory.reserve.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
    const service = new CheckoutService(d.inventory, d.payments, d.mailer, d.clock, d.ids);
    const lines = [
      { sku: 'A', qty: 1, unitPriceCents: 100 },
      { sku: 'B', qty: 1, unitPriceCents: 100 },
    ];

    await expect(service.checkout('c', 'NY', lines)).rejects.toBeInstanceOf(OutOfStockError);

    expect(d.inventory.reserve).toHaveBeenCalledTimes(2);
    expect(d.inventory.release).toHaveBeenCalledTimes(1);
    expect(tax.taxFor).not.toHaveBeenCalled();
    expect(d.ids.next).not.toHaveBeenCalled();
    expect(d.payments.charge).not.toHaveBeenCalled();
    expect(d.mailer.sendReceipt).not.toHaveBeenCalled();
    expect(d.clock.now).not.toHaveBeenCalled();
  });

  it('calls collaborators in order', async () => {
    d.inventory.reserve.mockResolvedValue(true);
    d.payments.charge.mockResolvedValue({ id: 'x' });
    const service = new CheckoutService(d.inventory, d.payments, d.mailer, d.clock, d.ids);

    await service.checkout('c', 'NY', [{ sku: 'A', qty: 1, unitPriceCents: 100 }]);

    const order = [
      d.inventory.reserve.mock.invocationCallOrder[0],
      vi.mocked(tax.taxFor).mock.invocationCallOrder[0],
      d.ids.next.mock.invocationCallOrder[0],
      d.payments.charge.mock.invocationCallOrder[0],
      d.mailer.sendReceipt.mock.invocationCallOrder[0],
      d.clock.now.mock.invocationCallOrder[0],
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
});
