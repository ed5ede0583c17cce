import { describe, expect, it, vi } from 'vitest';
import { OrderService, type OrderDeps } from './orderService';

const QUOTED_AMOUNT = 90;

describe('OrderService.placeOrder', () => {
  it('charges the quoted amount and confirms by email', async () => {
    const deps = {
      customers: { get: vi.fn().mockResolvedValue({ id: 'c1', email: 'c1@example.com', tier: 'gold' }) },
      stock: { reserve: vi.fn().mockResolvedValue(undefined) },
      pricing: { quote: vi.fn().mockReturnValue(QUOTED_AMOUNT) },
      payments: { charge: vi.fn().mockResolvedValue({ id: 'ch_1' }), refund: vi.fn() },
      orders: { save: vi.fn().mockResolvedValue('o_1'), find: vi.fn(), markRefunded: vi.fn() },
      mailer: { send: vi.fn().mockResolvedValue(undefined) },
      events: { publish: vi.fn() },
      clock: { now: vi.fn().mockReturnValue(new Date('2024-05-01T09:00:00Z')) },
    } satisfies OrderDeps;
    const service = new OrderService(deps);
    const qty = 2;

    const orderId = await service.placeOrder('c1', 'SKU-1', qty);

    expect(orderId).toBe('o_1');
    expect(deps.pricing.quote).toHaveBeenCalledWith('SKU-1', qty, 'gold');
    expect(deps.payments.charge).toHaveBeenCalledWith('c1', 90);
    expect(deps.mailer.send).toHaveBeenCalledWith('c1@example.com', 'order-confirmation', { orderId: 'o_1', amount: 90 });
    expect(deps.events.publish).toHaveBeenCalledWith('order.placed', { orderId: 'o_1', amount: 90 });
  });
});
