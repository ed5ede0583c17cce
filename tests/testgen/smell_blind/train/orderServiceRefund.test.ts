import { OrderService, type OrderDeps } from './orderService';

const notStubbed = (): never => {
  throw new Error('not stubbed');
};

function blankDeps(): OrderDeps {
  return {
    customers: { get: notStubbed },
    stock: { reserve: notStubbed },
    pricing: { quote: notStubbed },
    payments: { charge: notStubbed, refund: notStubbed },
    orders: { save: notStubbed, find: notStubbed, markRefunded: notStubbed },
    mailer: { send: notStubbed },
    events: { publish: notStubbed },
    clock: { now: notStubbed },
  };
}

describe('OrderService.refund', () => {
  afterEach(() => jest.restoreAllMocks());

  it('refunds the charge, marks the order and publishes an event', async () => {
    const deps = blankDeps();
    const find = jest.spyOn(deps.orders, 'find').mockResolvedValue({ id: 'o1', chargeId: 'ch_1', status: 'paid' });
    const refund = jest.spyOn(deps.payments, 'refund').mockResolvedValue();
    const markRefunded = jest.spyOn(deps.orders, 'markRefunded').mockResolvedValue();
    const publish = jest.spyOn(deps.events, 'publish').mockImplementation(() => undefined);
    jest.spyOn(deps.mailer, 'send').mockResolvedValue();
    jest.spyOn(deps.clock, 'now').mockReturnValue(new Date('2024-05-01T00:00:00Z'));
    jest.spyOn(deps.customers, 'get').mockResolvedValue({ id: 'c1', email: 'c1@example.com', tier: 'basic' });
    jest.spyOn(deps.stock, 'reserve').mockResolvedValue();

    await new OrderService(deps).refund('o1');

    expect(find).toHaveBeenCalledWith('o1');
    expect(refund).toHaveBeenCalledWith('ch_1');
    expect(markRefunded).toHaveBeenCalledWith('o1');
    expect(publish).toHaveBeenCalledWith('order.refunded', { orderId: 'o1' });
  });
});
