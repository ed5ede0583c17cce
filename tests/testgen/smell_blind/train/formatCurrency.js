const formatters = new Map();

export function formatCurrency(amount, currency = 'USD', locale = 'en-US') {
  if (!Number.isFinite(amount)) {
    throw new TypeError(`amount must be a finite number, got ${amount}`);
  }
  const key = `${locale}:${currency}`;
  if (!formatters.has(key)) {
    formatters.set(key, new Intl.NumberFormat(locale, { style: 'currency', currency }));
  }
  return formatters.get(key).format(amount);
}

export function priceLabel(amount, currency) {
  return amount === 0 ? 'Free' : formatCurrency(amount, currency);
}
