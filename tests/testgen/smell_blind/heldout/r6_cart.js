'use strict';

class CouponError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'CouponError';
    this.code = code;
  }
}

const COUPONS = {
  SAVE10: { percent: 10, expires: '2099-12-31' },
  OLD5: { percent: 5, expires: '2020-01-01' },
};

class Cart {
  constructor({ now = () => new Date() } = {}) {
    this.items = new Map();
    this.coupon = null;
    this.now = now;
  }

  addItem(sku, priceCents, qty = 1) {
    if (!Number.isInteger(qty) || qty <= 0) {
      throw new RangeError(`invalid quantity for ${sku}: ${qty}`);
    }
    const existing = this.items.get(sku);
    this.items.set(sku, { priceCents, qty: (existing ? existing.qty : 0) + qty });
    return this;
  }

  removeItem(sku) {
    return this.items.delete(sku);
  }

  subtotal() {
    let sum = 0;
    for (const { priceCents, qty } of this.items.values()) sum += priceCents * qty;
    return sum;
  }

  applyCoupon(code) {
    const coupon = COUPONS[code];
    if (!coupon) throw new CouponError(`unknown coupon ${code}`, 'UNKNOWN');
    if (new Date(coupon.expires) < this.now()) {
      throw new CouponError(`coupon ${code} expired`, 'EXPIRED');
    }
    this.coupon = { code, ...coupon };
  }

  total() {
    const sub = this.subtotal();
    const discount = this.coupon ? Math.round((sub * this.coupon.percent) / 100) : 0;
    return sub - discount;
  }

  async checkout(paymentClient) {
    if (this.items.size === 0) throw new Error('cart is empty');
    const receipt = await paymentClient.charge(this.total());
    this.items.clear();
    return { paid: this.total() === 0, receiptId: receipt.id };
  }
}

module.exports = { Cart, CouponError };
