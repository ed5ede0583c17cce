'use strict';

async function checkout(cart, { gateway, inventory, mailer, logger, audit, pricing }) {
  const total = pricing.finalTotal(cart);
  for (const { sku, qty } of cart.items.values()) {
    if (!inventory.reserve(sku, qty)) {
      logger.warn(`out of stock: ${sku}`);
      return { status: 'out_of_stock', sku };
    }
  }
  const charge = await gateway.charge(total);
  if (!charge.ok) {
    inventory.releaseAll();
    return { status: 'declined', reason: charge.reason };
  }
  await mailer.send('receipt', { total, chargeId: charge.id });
  audit.record('checkout', { total, chargeId: charge.id });
  return { status: 'paid', total, chargeId: charge.id };
}

module.exports = { checkout };
