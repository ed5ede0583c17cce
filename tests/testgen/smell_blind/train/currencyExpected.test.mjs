import { describe, expect, it } from 'vitest';
import { formatCurrency } from './formatCurrency.js';

describe('formatCurrency', () => {
  it.each(['USD', 'EUR', 'GBP'])('formats %s amounts', (currency) => {
    const amount = 1234.5;
    const expected = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
    expect(formatCurrency(amount, currency)).toBe(expected);
  });
});
