import { checkout } from './checkout.js';

const QUOTED_TOTAL = 42.5;

describe('checkout', () => {
  it('charges the customer and sends a receipt', async () => {
    const deps = {
      inventory: { reserve: jest.fn().mockResolvedValue(undefined), release: jest.fn() },
      pricing: { total: jest.fn().mockReturnValue(QUOTED_TOTAL) },
      payments: { charge: jest.fn().mockResolvedValue({ ok: true }) },
      orders: { create: jest.fn().mockResolvedValue({ id: 'ord_9' }) },
      mailer: { sendReceipt: jest.fn().mockResolvedValue(undefined) },
      analytics: { track: jest.fn() },
      logger: { warn: jest.fn() },
      clock: { now: jest.fn().mockReturnValue('2024-05-01T12:00:00Z') },
    };
    const cart = { customerId: 'cus_1', items: [{ sku: 'MUG', qty: 1 }], coupon: null };

    const result = await checkout(cart, deps);

    expect(result).toEqual({ status: 'ok', orderId: 'ord_9', total: 42.5 });
    expect(deps.payments.charge).toHaveBeenCalledWith('cus_1', 42.5);
    expect(deps.mailer.sendReceipt).toHaveBeenCalledWith('cus_1', 'ord_9');
    expect(deps.inventory.release).not.toHaveBeenCalled();
  });
});
