'use strict';

const FREE_FROM = 50;
const FEE = 4.99;

function line(it) {
  return Math.round(it.price * it.qty * 100) / 100;
}

function price(items) {
  return Math.round(items.reduce((s, it) => s + line(it), 0) * 100) / 100;
}

function shipping(items) {
  return price(items) >= FREE_FROM ? 0 : FEE;
}

function checkout(items, coupon) {
  let sub = price(items);
  if (coupon && coupon.percent) sub = sub * (1 - coupon.percent / 100);
  return Math.round((sub + shipping(items)) * 100) / 100;
}

function amount(cents) {
  return `${(cents / 100).toFixed(2)} EUR`;
}

class Archive {
  constructor({ store } = {}) {
    this.store = store;
    this.saved = [];
  }

  async flush(orders) {
    const totals = orders.map((items) => checkout(items));
    this.saved.push(...totals);
    if (this.store) await this.store.save(totals);
    return this.saved.slice();
  }
}

module.exports = { line, price, shipping, checkout, amount, Archive, FREE_FROM, FEE };
