import { describe, it, expect } from 'vitest';
import { parseQuery, toSql, parseValue, QueryParseError } from './r9_query_parser';

describe('parseValue', () => {
  it.each([
    ['"Acme Ltd"', 'Acme Ltd'],
    ['42', 42],
    ['-3.5', -3.5],
    ['true', true],
    ['paid', 'paid'],
  ])('parses %s', (raw, expected) => {
    expect(parseValue(raw)).toEqual(expected);
  });
});

describe('parseQuery', () => {
  it('splits field filters from free-text terms', () => {
    expect(parseQuery('status:paid -refunded')).toEqual({
      filters: [{ field: 'status', op: ':', value: 'paid', negate: false }],
      terms: [{ text: 'refunded', negate: true }],
    });
  });

  it('keeps quoted values with spaces together', () => {
    expect(parseQuery('customer:"Acme Ltd"').filters[0].value).toBe('Acme Ltd');
  });

  it('rejects a comparison against a non-number', () => {
    expect(() => parseQuery('total>lots')).toThrow(new QueryParseError('operator > needs a number, got lots'));
  });
});

describe('toSql', () => {
  it('numbers parameters and wraps negated clauses', () => {
    expect(toSql(parseQuery('status:paid -country:US total<50'))).toEqual({
      where: 'status = $1 AND NOT (country = $2) AND total < $3',
      params: ['paid', 'US', 50],
    });
  });
});
