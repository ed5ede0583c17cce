jest.mock('./r2_format');

const { formatCurrency, truncate } = require('./r2_format');

describe('formatCurrency', () => {
  beforeEach(() => {
    formatCurrency.mockImplementation((amount) => `$${amount.toFixed(2)}`);
    truncate.mockReturnValue('Hello won…');
  });

  it('renders dollars with two decimals', () => {
    expect(formatCurrency(12.5)).toBe('$12.50');
  });

  it('adds an ellipsis when text is too long', () => {
    expect(truncate('Hello wonderful world', 10)).toBe('Hello won…');
    expect(truncate).toHaveBeenCalledWith('Hello wonderful world', 10);
  });
});
