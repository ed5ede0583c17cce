// smells: none
const { parseQuery, buildQuery } = require('./url');

describe('query strings', () => {
  test('repeated keys become arrays', () => {
    expect(parseQuery('?tag=a&tag=b&page=2')).toEqual({ tag: ['a', 'b'], page: '2' });
  });

  test('values are decoded', () => {
    expect(parseQuery('q=caf%C3%A9%20au%20lait')).toEqual({ q: 'café au lait' });
  });

  test('building and parsing agree', () => {
    const query = { q: 'a&b', n: '1' };
    expect(parseQuery(buildQuery(query))).toEqual(query);
  });
});
