const { expect } = require('chai');
const { slugify } = require('./r7_slug');

describe('slugify', () => {
  it('strips accents', () => {
    // 'Crème Brûlée' -> 'creme-brulee'
  });

  it('truncates to maxLength without a trailing hyphen', function () {
    /* TODO: write once the max length is confirmed with product */
  });
});
