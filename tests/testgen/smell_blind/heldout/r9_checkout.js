'use strict';

class CheckoutError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

class CheckoutService {
  constructor({ cartStore, inventory, pricing, paymentGateway, orderRepo, emailer, eventBus }) {
    Object.assign(this, { cartStore, inventory, pricing, paymentGateway, orderRepo, emailer, eventBus });
  }

  async checkout(cartId, { cardToken, email }) {
    const cart = await this.cartStore.get(cartId);
    if (!cart || cart.items.length === 0) throw new CheckoutError('EMPTY_CART', 'Cart is empty');

    const unavailable = [];
    for (const item of cart.items) {
      if (!(await this.inventory.isAvailable(item.sku, item.qty))) unavailable.push(item.sku);
    }
    if (unavailable.length) {
      throw new CheckoutError('OUT_OF_STOCK', `Unavailable: ${unavailable.join(', ')}`);
    }

    const totalCents = await this.pricing.total(cart.items);
    const charge = await this.paymentGateway.charge({ amountCents: totalCents, cardToken });
    if (charge.status !== 'succeeded') {
      throw new CheckoutError('PAYMENT_FAILED', charge.failureMessage || 'Payment failed');
    }

    const order = await this.orderRepo.create({ cartId, items: cart.items, totalCents, chargeId: charge.id });
    await this.cartStore.clear(cartId);
    await this.emailer.sendConfirmation(email, order.id);
    this.eventBus.publish('order.placed', { orderId: order.id, totalCents });
    return { orderId: order.id, totalCents, chargeId: charge.id };
  }
}

module.exports = { CheckoutService, CheckoutError };
