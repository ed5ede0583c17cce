'use strict';

class CouponError extends Error {
  constructor(message) {
    super(message);
    this.name = 'CouponError';
  }
}

const COUPONS = {
  SAVE10: { type: 'percent', value: 10 },
  FIVEOFF: { type: 'fixed', value: 500 },
};

class Cart {
  constructor() {
    this.items = new Map();
    this.coupon = null;
  }

  addItem(sku, priceCents, qty = 1) {
    if (!Number.isInteger(priceCents) || priceCents < 0) {
      throw new TypeError(`invalid price for ${sku}`);
    }
    const existing = this.items.get(sku);
    this.items.set(sku, { sku, priceCents, qty: (existing ? existing.qty : 0) + qty });
    return this;
  }

  removeItem(sku) {
    this.items.delete(sku);
    return this;
  }

  itemCount() {
    let n = 0;
    for (const item of this.items.values()) n += item.qty;
    return n;
  }

  subtotal() {
    let sum = 0;
    for (const item of this.items.values()) sum += item.priceCents * item.qty;
    return sum;
  }

  applyCoupon(code) {
    const coupon = COUPONS[code];
    if (!coupon) throw new CouponError(`unknown coupon: ${code}`);
    if (this.subtotal() === 0) throw new CouponError('cannot apply a coupon to an empty cart');
    this.coupon = coupon;
    return this;
  }

  total() {
    const subtotal = this.subtotal();
    if (!this.coupon) return subtotal;
    if (this.coupon.type === 'percent') {
      return Math.round(subtotal * (100 - this.coupon.value) / 100);
    }
    return Math.max(0, subtotal - this.coupon.value);
  }
}

module.exports = { Cart, CouponError, COUPONS };
