'use strict';

class CartError extends Error {
  constructor(message) {
    super(message);
    this.name = 'CartError';
  }
}

const COUPONS = {
  SAVE10: { type: 'percent', value: 10 },
  FIVEOFF: { type: 'fixed', value: 500 },
};

class Cart {
  constructor({ taxRate = 0 } = {}) {
    this.taxRate = taxRate;
    this.items = new Map();
    this.coupon = null;
  }

  addItem(sku, unitPriceCents, qty = 1) {
    if (!Number.isInteger(unitPriceCents) || unitPriceCents < 0) {
      throw new CartError(`invalid price for ${sku}`);
    }
    if (!Number.isInteger(qty) || qty <= 0) {
      throw new CartError(`quantity must be a positive integer`);
    }
    const existing = this.items.get(sku);
    if (existing && existing.unitPriceCents !== unitPriceCents) {
      throw new CartError(`price conflict for ${sku}`);
    }
    this.items.set(sku, { unitPriceCents, qty: (existing ? existing.qty : 0) + qty });
    return this;
  }

  removeItem(sku, qty = Infinity) {
    const line = this.items.get(sku);
    if (!line) throw new CartError(`unknown item ${sku}`);
    line.qty -= Math.min(qty, line.qty);
    if (line.qty === 0) this.items.delete(sku);
    return this;
  }

  itemCount() {
    let n = 0;
    for (const { qty } of this.items.values()) n += qty;
    return n;
  }

  subtotal() {
    let sum = 0;
    for (const { unitPriceCents, qty } of this.items.values()) sum += unitPriceCents * qty;
    return sum;
  }

  applyCoupon(code) {
    const coupon = COUPONS[code.toUpperCase()];
    if (!coupon) throw new CartError(`unknown coupon ${code}`);
    this.coupon = coupon;
    return this;
  }

  discount() {
    if (!this.coupon) return 0;
    const sub = this.subtotal();
    if (this.coupon.type === 'percent') return Math.round((sub * this.coupon.value) / 100);
    return Math.min(this.coupon.value, sub);
  }

  total() {
    const taxable = this.subtotal() - this.discount();
    return taxable + Math.round(taxable * this.taxRate);
  }
}

module.exports = { Cart, CartError, COUPONS };
