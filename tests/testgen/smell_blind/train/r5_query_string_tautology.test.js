const { parse, stringify } = require('./r5_query_string');

describe('stringify', () => {
  test('serializes a flat object with sorted keys', () => {
    const input = { sort: 'price', page: '3', q: 'red shoes' };

    const expected = new URLSearchParams(
      Object.keys(input).sort().map((k) => [k, input[k]]),
    ).toString();

    expect(stringify(input)).toBe(expected);
  });

  test('returns an empty string for an empty object', () => {
    expect(stringify({})).toBe('');
  });
});

describe('parse', () => {
  test('keeps values containing "="', () => {
    expect(parse('token=abc==')).toEqual({ token: 'abc==' });
  });

  test('treats a key without value as empty string', () => {
    expect(parse('debug&verbose=1')).toEqual({ debug: '', verbose: '1' });
  });
});
