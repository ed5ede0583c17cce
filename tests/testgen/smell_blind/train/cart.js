// Cart arithmetic is done in integer cents to avoid float drift.
const toCents = (amount) => Math.round(amount * 100);

export function lineTotal(item) {
  return (toCents(item.price) * item.qty) / 100;
}

export function cartTotal(items) {
  const cents = items.reduce((sum, item) => sum + toCents(item.price) * item.qty, 0);
  return cents / 100;
}

export function applyCoupon(total, coupon, today = new Date()) {
  if (new Date(coupon.expires) < today) {
    throw new Error(`coupon ${coupon.code} expired on ${coupon.expires}`);
  }
  if (coupon.type === 'percent') {
    return Math.round(toCents(total) * (100 - coupon.value) / 100) / 100;
  }
  return Math.max(0, (toCents(total) - toCents(coupon.value)) / 100);
}
