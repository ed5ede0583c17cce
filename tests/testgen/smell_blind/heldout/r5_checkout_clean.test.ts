import { CheckoutService, Inventory, OutOfStockError } from './r5_checkout_service';

/** In-memory inventory: real behaviour, no mocking needed. */
class MemoryInventory implements Inventory {
  constructor(private readonly stock: Record<string, number>) {}

  async reserve(sku: string, qty: number): Promise<boolean> {
    if ((this.stock[sku] ?? 0) < qty) return false;
    this.stock[sku] -= qty;
    return true;
  }

  async release(sku: string, qty: number): Promise<void> {
    this.stock[sku] = (this.stock[sku] ?? 0) + qty;
  }

  level(sku: string): number {
    return this.stock[sku] ?? 0;
  }
}

const fixedClock = { now: () => new Date('2024-05-01T12:00:00.000Z') };
const sequentialIds = () => {
  let n = 0;
  return { next: () => `ord-${++n}` };
};

describe('CheckoutService', () => {
  let inventory: MemoryInventory;
  // The payment gateway and the mailer talk to external services: those are mocked.
  let payments: { charge: jest.Mock };
  let mailer: { sendReceipt: jest.Mock };
  let service: CheckoutService;

  beforeEach(() => {
    inventory = new MemoryInventory({ MUG: 5, TEE: 1 });
    payments = { charge: jest.fn().mockResolvedValue({ id: 'ch_123' }) };
    mailer = { sendReceipt: jest.fn().mockResolvedValue(undefined) };
    service = new CheckoutService(inventory, payments, mailer, fixedClock, sequentialIds());
  });

  it('charges subtotal plus state tax and returns a receipt', async () => {
    const receipt = await service.checkout('cus_1', 'CA', [
      { sku: 'MUG', qty: 2, unitPriceCents: 1500 },
      { sku: 'TEE', qty: 1, unitPriceCents: 2000 },
    ]);

    expect(receipt).toEqual({
      orderId: 'ord-1',
      subtotalCents: 5000,
      taxCents: 363,
      totalCents: 5363,
      chargeId: 'ch_123',
      placedAt: '2024-05-01T12:00:00.000Z',
    });
    expect(payments.charge).toHaveBeenCalledWith('cus_1', 5363, 'ord-1');
    expect(mailer.sendReceipt).toHaveBeenCalledWith('cus_1', 'ord-1', 5363);
  });

  it('restores stock and does not charge when an item is out of stock', async () => {
    const attempt = service.checkout('cus_1', 'OR', [
      { sku: 'MUG', qty: 2, unitPriceCents: 1500 },
      { sku: 'TEE', qty: 2, unitPriceCents: 2000 },
    ]);

    await expect(attempt).rejects.toThrow(new OutOfStockError('TEE'));
    expect(inventory.level('MUG')).toBe(5);
    expect(payments.charge).not.toHaveBeenCalled();
  });

  it('restores stock when the payment is declined', async () => {
    payments.charge.mockRejectedValueOnce(new Error('card_declined'));

    await expect(
      service.checkout('cus_1', 'TX', [{ sku: 'MUG', qty: 3, unitPriceCents: 1000 }]),
    ).rejects.toThrow('card_declined');
    expect(inventory.level('MUG')).toBe(5);
    expect(mailer.sendReceipt).not.toHaveBeenCalled();
  });

  it('rejects an unknown tax jurisdiction', async () => {
    await expect(
      service.checkout('cus_1', 'ZZ', [{ sku: 'MUG', qty: 1, unitPriceCents: 1000 }]),
    ).rejects.toThrow('no tax rate for ZZ');
  });
});
