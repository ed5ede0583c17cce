const { CheckoutService } = require('./r9_checkout');

describe('CheckoutService.checkout', () => {
  let cartStore, inventory, pricing, paymentGateway, orderRepo, emailer, eventBus, service;

  beforeEach(() => {
    cartStore = { get: jest.fn(), clear: jest.fn() };
    inventory = { isAvailable: jest.fn() };
    pricing = { total: jest.fn() };
    paymentGateway = { charge: jest.fn() };
    orderRepo = { create: jest.fn() };
    emailer = { sendConfirmation: jest.fn() };
    eventBus = { publish: jest.fn() };
    service = new CheckoutService({ cartStore, inventory, pricing, paymentGateway, orderRepo, emailer, eventBus });
  });

  test('places an order', async () => {
    const items = [{ sku: 'MUG', qty: 2 }];
    cartStore.get.mockResolvedValue({ items });
    inventory.isAvailable.mockResolvedValue(true);
    pricing.total.mockResolvedValue(2400);
    paymentGateway.charge.mockResolvedValue({ status: 'succeeded', id: 'ch_1' });
    orderRepo.create.mockResolvedValue({ id: 'ord_1' });

    await service.checkout('cart_1', { cardToken: 'tok_visa', email: 'a@example.com' });

    expect(cartStore.get).toHaveBeenCalledWith('cart_1');
    expect(inventory.isAvailable).toHaveBeenCalledWith('MUG', 2);
    expect(pricing.total).toHaveBeenCalledWith(items);
    expect(paymentGateway.charge).toHaveBeenCalledWith({ amountCents: 2400, cardToken: 'tok_visa' });
    expect(orderRepo.create).toHaveBeenCalledWith({ cartId: 'cart_1', items, totalCents: 2400, chargeId: 'ch_1' });
    expect(cartStore.clear).toHaveBeenCalledWith('cart_1');
    expect(emailer.sendConfirmation).toHaveBeenCalledWith('a@example.com', 'ord_1');
    expect(eventBus.publish).toHaveBeenCalledWith('order.placed', { orderId: 'ord_1', totalCents: 2400 });
  });

  test('does not charge when an item is out of stock', async () => {
    cartStore.get.mockResolvedValue({ items: [{ sku: 'MUG', qty: 2 }] });
    inventory.isAvailable.mockResolvedValue(false);

    await expect(service.checkout('cart_1', { cardToken: 'tok_visa', email: 'a@example.com' }))
      .rejects.toMatchObject({ code: 'OUT_OF_STOCK' });
    expect(paymentGateway.charge).not.toHaveBeenCalled();
    expect(orderRepo.create).not.toHaveBeenCalled();
    expect(emailer.sendConfirmation).not.toHaveBeenCalled();
  });
});
