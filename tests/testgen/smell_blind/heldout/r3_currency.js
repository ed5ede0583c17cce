'use strict';

const SYMBOLS = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };
const DECIMALS = { JPY: 0 };

function format(amountMinor, currency) {
  const decimals = DECIMALS[currency] ?? 2;
  const major = amountMinor / 10 ** decimals;
  const sign = major < 0 ? '-' : '';
  const fixed = Math.abs(major).toFixed(decimals);
  const [int, frac] = fixed.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  return `${sign}${symbol}${grouped}${frac ? '.' + frac : ''}`;
}

function convert(amountMinor, from, to, rates) {
  if (from === to) return amountMinor;
  const rate = rates[`${from}/${to}`];
  if (rate === undefined) throw new RangeError(`no rate for ${from}/${to}`);
  const fromDec = DECIMALS[from] ?? 2;
  const toDec = DECIMALS[to] ?? 2;
  return Math.round((amountMinor / 10 ** fromDec) * rate * 10 ** toDec);
}

class Converter {
  constructor(rateProvider) {
    this.rateProvider = rateProvider;
    this.cache = null;
  }

  async convert(amountMinor, from, to) {
    if (!this.cache) this.cache = await this.rateProvider.fetchRates();
    return convert(amountMinor, from, to, this.cache);
  }
}

module.exports = { format, convert, Converter };
