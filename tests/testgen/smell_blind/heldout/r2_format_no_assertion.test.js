const { expect } = require('chai');
const { formatCurrency, visibleLabels, formatList } = require('./r2_format');

describe('format helpers', function () {
  it('formats euros with the euro sign', function () {
    expect(formatCurrency(1234.5, 'EUR')).to.be;
  });

  it('truncates long visible labels', function () {
    const items = [
      { label: 'Quarterly revenue overview', hidden: false },
      { label: 'Internal notes', hidden: true },
    ];
    visibleLabels(items)
      .filter((label) => label.length > 12)
      .forEach((label) => {
        expect(label).to.have.lengthOf(12);
      });
  });

  it('joins three items with an Oxford comma', function () {
    const joined = formatList(['red', 'green', 'blue']);
    expect(joined).to.have;
  });
});
