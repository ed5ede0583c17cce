export async function checkout(cart, deps) {
  const { inventory, pricing, payments, orders, mailer, analytics, logger, clock } = deps;
  await inventory.reserve(cart.items);
  const total = pricing.total(cart.items, cart.coupon);
  const receipt = await payments.charge(cart.customerId, total);
  if (!receipt.ok) {
    await inventory.release(cart.items);
    logger.warn('payment declined', { customerId: cart.customerId });
    return { status: 'declined' };
  }
  const order = await orders.create({ customerId: cart.customerId, total, placedAt: clock.now() });
  await mailer.sendReceipt(cart.customerId, order.id);
  analytics.track('checkout_completed', { orderId: order.id, total });
  return { status: 'ok', orderId: order.id, total };
}
