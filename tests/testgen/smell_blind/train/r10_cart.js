'use strict';

function lineTotal(line) {
  return line.priceCents * line.qty;
}

class Cart {
  constructor() {
    this._lines = new Map();
    this._coupon = null;
  }

  add(sku, priceCents, qty = 1) {
    if (!Number.isInteger(qty) || qty < 1) {
      throw new RangeError(`quantity must be a positive integer, got ${qty}`);
    }
    const existing = this._lines.get(sku);
    if (existing) {
      existing.qty += qty;
    } else {
      this._lines.set(sku, { sku, priceCents, qty });
    }
    return this;
  }

  remove(sku) {
    return this._lines.delete(sku);
  }

  clear() {
    this._lines.clear();
    this._coupon = null;
  }

  lines() {
    return [...this._lines.values()].map((line) => ({ ...line }));
  }

  subtotal() {
    return this.lines().reduce((sum, line) => sum + lineTotal(line), 0);
  }

  applyCoupon(coupon) {
    if (!(coupon.percent > 0 && coupon.percent <= 50)) {
      throw new RangeError(`coupon ${coupon.code} has an invalid percent`);
    }
    this._coupon = coupon;
  }

  total() {
    const percent = this._coupon ? this._coupon.percent : 0;
    return Math.round(this.subtotal() * (1 - percent / 100));
  }

  summary() {
    const count = this.lines().reduce((n, line) => n + line.qty, 0);
    return `${count} item${count === 1 ? '' : 's'}, total $${(this.total() / 100).toFixed(2)}`;
  }
}

module.exports = { Cart, lineTotal };
