import { describe, it, expect } from 'vitest';
import { parseQuery, toSql, parseValue, QueryParseError } from './r9_query_parser';

describe('query parser', () => {
  it('handles the search syntax', () => {
    const parsed = parseQuery('status:paid total>=1000 customer:"Acme Ltd" -refunded "gift card"');

    expect(parsed.filters).toHaveLength(3);
    expect(parsed.filters[1]).toEqual({ field: 'total', op: '>=', value: 1000, negate: false });
    expect(parsed.terms[0].negate).toBe(true);
    expect(parseValue('true')).toBe(true);
    expect(parseValue('"quoted text"')).toBe('quoted text');
    expect(parseValue('12.5')).toBe(12.5);
    expect(toSql(parseQuery('-country:US')).where).toBe('NOT (country = $1)');
    expect(toSql(parseQuery('status:paid total<50')).params).toEqual(['paid', 50]);
    expect(() => parseQuery('total>lots')).toThrow(QueryParseError);
    expect(parseQuery('   ')).toEqual({ filters: [], terms: [] });
  });

  it('rejects non-string input', () => {
    expect(() => parseQuery(null)).toThrow('query must be a string');
  });
});
