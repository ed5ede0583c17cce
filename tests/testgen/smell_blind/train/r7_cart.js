'use strict';

const FREE_SHIPPING_THRESHOLD = 50;
const SHIPPING_FEE = 4.95;

class Cart {
  constructor() {
    this.items = new Map();
  }

  add(sku, price, qty = 1) {
    if (!Number.isInteger(qty) || qty <= 0) {
      throw new RangeError(`invalid quantity for ${sku}: ${qty}`);
    }
    const line = this.items.get(sku) || { sku, price, qty: 0 };
    line.qty += qty;
    this.items.set(sku, line);
    return this;
  }

  remove(sku) {
    if (!this.items.delete(sku)) {
      throw new Error(`not in cart: ${sku}`);
    }
    return this;
  }

  subtotal() {
    let sum = 0;
    for (const { price, qty } of this.items.values()) sum += price * qty;
    return Math.round(sum * 100) / 100;
  }

  shipping() {
    const sub = this.subtotal();
    return sub === 0 || sub >= FREE_SHIPPING_THRESHOLD ? 0 : SHIPPING_FEE;
  }

  total() {
    return Math.round((this.subtotal() + this.shipping()) * 100) / 100;
  }

  itemCount() {
    let n = 0;
    for (const { qty } of this.items.values()) n += qty;
    return n;
  }
}

module.exports = { Cart, FREE_SHIPPING_THRESHOLD, SHIPPING_FEE };
