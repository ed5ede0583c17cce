import { from, quoteIdent } from './r8_query_builder';

describe('query builder', () => {
  test('builds queries', () => {
    expect(quoteIdent('name')).toBe('"name"');
    expect(from('a').build().params).toEqual([]);
    expect(from('a').limit(0).build().text).toContain('LIMIT 0');
    expect(() => from('a').limit(-1)).toThrow('invalid limit: -1');
    const q = from('items').select('sku').where('qty', '<', 5).orderBy('sku').build();
    expect(q.params).toEqual([5]);
    expect(q.text.startsWith('SELECT "sku"')).toBe(true);
    expect(q.text).toMatch(/ORDER BY "sku" ASC$/);
    expect(from('x').where('y', '=', true).build().params[0]).toBe(true);
    expect(() => quoteIdent('bad name')).toThrow('invalid identifier: bad name');
    expect(from('x').where('y', '=', null).build().params).toHaveLength(0);
  });

  test('select replaces the default column list', () => {
    expect(from('t').select('a').build().text).toBe('SELECT "a" FROM "t"');
  });
});
