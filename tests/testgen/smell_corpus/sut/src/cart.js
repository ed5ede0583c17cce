function subtotal(items) {
  return items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

function discount(total, percent) {
  if (percent < 0 || percent > 100) throw new RangeError('percent out of range');
  return total - (total * percent) / 100;
}

function addItem(cart, item) {
  const existing = cart.items.find((i) => i.sku === item.sku);
  if (existing) {
    existing.quantity += item.quantity;
    return cart;
  }
  return { ...cart, items: [...cart.items, item] };
}

module.exports = { subtotal, discount, addItem };
