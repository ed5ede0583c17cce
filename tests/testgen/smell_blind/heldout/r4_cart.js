'use strict';

const FREE_SHIPPING_OVER = 50;
const SHIPPING_FEE = 4.99;

function lineTotal(item) {
  return Math.round(item.price * item.qty * 100) / 100;
}

function subtotal(items) {
  return Math.round(items.reduce((sum, it) => sum + lineTotal(it), 0) * 100) / 100;
}

function shipping(items) {
  return subtotal(items) >= FREE_SHIPPING_OVER ? 0 : SHIPPING_FEE;
}

function checkoutTotal(items, coupon) {
  let sub = subtotal(items);
  if (coupon && coupon.percent) sub = sub * (1 - coupon.percent / 100);
  return Math.round((sub + shipping(items)) * 100) / 100;
}

module.exports = { lineTotal, subtotal, shipping, checkoutTotal, FREE_SHIPPING_OVER, SHIPPING_FEE };
