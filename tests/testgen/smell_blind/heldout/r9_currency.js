'use strict';

const MINOR_UNITS = { USD: 2, EUR: 2, GBP: 2, JPY: 0, KWD: 3 };

function minorUnits(currency) {
  const units = MINOR_UNITS[currency];
  if (units === undefined) throw new RangeError(`Unsupported currency: ${currency}`);
  return units;
}

function toMinor(amount, currency) {
  const factor = 10 ** minorUnits(currency);
  return Math.round(amount * factor);
}

function fromMinor(minor, currency) {
  return minor / 10 ** minorUnits(currency);
}

function formatMoney(minor, currency, locale = 'en-US') {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: minorUnits(currency),
    maximumFractionDigits: minorUnits(currency),
  }).format(fromMinor(minor, currency));
}

function convert(minor, from, to, rates) {
  if (from === to) return minor;
  const rate = rates[`${from}_${to}`];
  if (typeof rate !== 'number' || rate <= 0) throw new RangeError(`No rate for ${from}->${to}`);
  return toMinor(fromMinor(minor, from) * rate, to);
}

function allocate(minor, ratios) {
  const totalRatio = ratios.reduce((a, b) => a + b, 0);
  if (totalRatio <= 0) throw new RangeError('ratios must sum to a positive number');
  const shares = ratios.map((r) => Math.floor((minor * r) / totalRatio));
  let remainder = minor - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; remainder > 0; i = (i + 1) % shares.length, remainder -= 1) shares[i] += 1;
  return shares;
}

module.exports = { minorUnits, toMinor, fromMinor, formatMoney, convert, allocate };
