'use strict';

class CartError extends Error {
  constructor(message) {
    super(message);
    this.name = 'CartError';
  }
}

const roundCents = (n) => Math.round(n);

class Cart {
  constructor({ taxRate = 0, freeShippingOver = 5000, shippingCents = 499 } = {}) {
    this.items = new Map();
    this.taxRate = taxRate;
    this.freeShippingOver = freeShippingOver;
    this.shippingCents = shippingCents;
    this.coupon = null;
  }

  add(sku, priceCents, qty = 1) {
    if (!Number.isInteger(qty) || qty <= 0) throw new CartError(`invalid quantity for ${sku}: ${qty}`);
    if (!Number.isInteger(priceCents) || priceCents < 0) throw new CartError(`invalid price for ${sku}`);
    const existing = this.items.get(sku);
    this.items.set(sku, { sku, priceCents, qty: (existing ? existing.qty : 0) + qty });
    return this;
  }

  remove(sku) {
    if (!this.items.delete(sku)) throw new CartError(`not in cart: ${sku}`);
    return this;
  }

  applyCoupon(code) {
    const coupons = { SAVE10: { pct: 10 }, HALF: { pct: 50 }, FIVEOFF: { flat: 500 } };
    if (!coupons[code]) throw new CartError(`unknown coupon: ${code}`);
    this.coupon = coupons[code];
    return this;
  }

  itemCount() {
    let n = 0;
    for (const it of this.items.values()) n += it.qty;
    return n;
  }

  subtotal() {
    let s = 0;
    for (const it of this.items.values()) s += it.priceCents * it.qty;
    return s;
  }

  discount() {
    if (!this.coupon) return 0;
    if (this.coupon.pct) return roundCents((this.subtotal() * this.coupon.pct) / 100);
    return Math.min(this.coupon.flat, this.subtotal());
  }

  shipping() {
    if (this.items.size === 0) return 0;
    return this.subtotal() - this.discount() >= this.freeShippingOver ? 0 : this.shippingCents;
  }

  tax() {
    return roundCents((this.subtotal() - this.discount()) * this.taxRate);
  }

  total() {
    return this.subtotal() - this.discount() + this.tax() + this.shipping();
  }
}

module.exports = { Cart, CartError };
