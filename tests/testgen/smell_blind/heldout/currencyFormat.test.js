import { formatCurrency, priceLabel } from './formatCurrency.js';

describe('formatCurrency', () => {
  it('formats amounts in several currencies', () => {
    const amount = 1234.5;
    for (const currency of ['USD', 'EUR', 'JPY']) {
      const formatted = formatCurrency(amount, currency);
      console.log(`${currency}: ${formatted}`);
    }
  });

  it('labels free items', () => {
    const label = priceLabel(0, 'USD');
    console.debug('label for zero price', label);
  });
});
