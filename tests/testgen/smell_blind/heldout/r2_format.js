'use strict';

function formatCurrency(amount, currency = 'USD', locale = 'en-US') {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
}

function truncate(text, maxLength, ellipsis = '…') {
  if (text.length <= maxLength) return text;
  return text.slice(0, Math.max(0, maxLength - ellipsis.length)).trimEnd() + ellipsis;
}

function formatList(items, conjunction = 'and') {
  if (items.length === 0) return '';
  if (items.length === 1) return items[0];
  if (items.length === 2) return `${items[0]} ${conjunction} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, ${conjunction} ${items[items.length - 1]}`;
}

function visibleLabels(items) {
  return items.filter((item) => !item.hidden).map((item) => truncate(item.label, 12));
}

module.exports = { formatCurrency, truncate, formatList, visibleLabels };
