const { slugify } = require('./r7_slug');

describe('slugify input validation', () => {
  it('rejects non-strings', () => {
    expect(() => slugify(42)).toThrow();
  });

  it('rejects titles without letters or digits', () => {
    expect(() => slugify('!!!')).toThrow();
  });
});
