'use strict';

const COUPONS = {
  SAVE10: { type: 'percent', value: 10 },
  SHIPFREE: { type: 'shipping', value: 0 },
  TAKE5: { type: 'fixed', value: 500 },
};

const FREE_SHIPPING_THRESHOLD_CENTS = 5000;
const FLAT_SHIPPING_CENTS = 499;

class Cart {
  constructor() {
    this.items = new Map();
    this.coupon = null;
  }

  add(sku, priceCents, qty = 1) {
    if (!Number.isInteger(priceCents) || priceCents < 0) {
      throw new RangeError(`invalid price for ${sku}`);
    }
    if (!Number.isInteger(qty) || qty <= 0) {
      throw new RangeError(`invalid quantity for ${sku}`);
    }
    const existing = this.items.get(sku);
    this.items.set(sku, { priceCents, qty: (existing ? existing.qty : 0) + qty });
    return this;
  }

  remove(sku) {
    return this.items.delete(sku);
  }

  applyCoupon(code) {
    const coupon = COUPONS[code.toUpperCase()];
    if (!coupon) {
      throw new Error(`Unknown coupon: ${code}`);
    }
    this.coupon = coupon;
  }

  subtotal() {
    let sum = 0;
    for (const { priceCents, qty } of this.items.values()) sum += priceCents * qty;
    return sum;
  }

  discount() {
    if (!this.coupon) return 0;
    if (this.coupon.type === 'percent') return Math.round((this.subtotal() * this.coupon.value) / 100);
    if (this.coupon.type === 'fixed') return Math.min(this.coupon.value, this.subtotal());
    return 0;
  }

  shipping() {
    if (this.items.size === 0) return 0;
    if (this.coupon && this.coupon.type === 'shipping') return 0;
    return this.subtotal() - this.discount() >= FREE_SHIPPING_THRESHOLD_CENTS ? 0 : FLAT_SHIPPING_CENTS;
  }

  total() {
    return this.subtotal() - this.discount() + this.shipping();
  }
}

module.exports = { Cart, COUPONS, FREE_SHIPPING_THRESHOLD_CENTS, FLAT_SHIPPING_CENTS };
