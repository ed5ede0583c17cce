'use strict';

const TAX_RATES = { standard: 0.2, reduced: 0.05, zero: 0 };

class CartError extends Error {}

function lineTotal(item) {
  return Math.round(item.unitCents * item.qty);
}

function applyCoupon(subtotal, coupon) {
  if (!coupon) return subtotal;
  if (coupon.type === 'percent') return Math.round(subtotal * (1 - coupon.value / 100));
  if (coupon.type === 'fixed') return Math.max(0, subtotal - coupon.value);
  throw new CartError(`unknown coupon type: ${coupon.type}`);
}

class Cart {
  constructor({ taxClass = 'standard' } = {}) {
    if (!(taxClass in TAX_RATES)) throw new CartError(`unknown tax class: ${taxClass}`);
    this.taxClass = taxClass;
    this.items = new Map();
    this.coupon = null;
  }

  add(sku, unitCents, qty = 1) {
    if (!Number.isInteger(qty) || qty <= 0) throw new CartError(`invalid quantity for ${sku}`);
    const existing = this.items.get(sku);
    if (existing) existing.qty += qty;
    else this.items.set(sku, { sku, unitCents, qty });
    return this;
  }

  remove(sku) {
    if (!this.items.delete(sku)) throw new CartError(`not in cart: ${sku}`);
    return this;
  }

  useCoupon(coupon) {
    this.coupon = coupon;
    return this;
  }

  count() {
    let n = 0;
    for (const item of this.items.values()) n += item.qty;
    return n;
  }

  subtotal() {
    let sum = 0;
    for (const item of this.items.values()) sum += lineTotal(item);
    return sum;
  }

  total() {
    const discounted = applyCoupon(this.subtotal(), this.coupon);
    return discounted + Math.round(discounted * TAX_RATES[this.taxClass]);
  }
}

module.exports = { Cart, CartError, lineTotal, applyCoupon, TAX_RATES };
