import { describe, it, expect } from 'vitest';
import { formatCurrency, formatList, truncate } from './r2_format';

function expectTruncated(input, max, expected) {
  const out = truncate(input, max);
  expect(out).toBe(expected);
  expect(out.length).toBeLessThanOrEqual(max);
}

describe('truncate', () => {
  it('leaves short text alone', () => {
    expectTruncated('short', 10, 'short');
  });

  it('cuts long text and appends an ellipsis', () => {
    expectTruncated('Hello wonderful world', 10, 'Hello won…');
  });

  it('does not leave a space before the ellipsis', () => {
    expectTruncated('Hello world', 7, 'Hello…');
  });
});

describe('formatList', () => {
  it.each([
    [[], ''],
    [['tea'], 'tea'],
    [['tea', 'coffee'], 'tea and coffee'],
    [['red', 'green', 'blue'], 'red, green, and blue'],
  ])('formatList(%j) -> %s', (items, expected) => {
    expect(formatList(items)).toBe(expected);
  });
});

describe('formatCurrency', () => {
  it('uses the locale grouping and currency sign', () => {
    expect(formatCurrency(1234.5, 'EUR')).toBe('€1,234.50');
  });
});
