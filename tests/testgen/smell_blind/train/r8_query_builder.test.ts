import { describe, it, expect } from 'vitest';
import { from, quoteIdent } from './r8_query_builder';

describe('SelectBuilder', () => {
  it('selects everything by default', () => {
    expect(from('users').build()).toEqual({ text: 'SELECT * FROM "users"', params: [] });
  });

  it('numbers placeholders in order', () => {
    const q = from('orders').select('id', 'total').where('status', '=', 'paid').where('total', '>', 100).build();
    expect(q).toEqual({
      text: 'SELECT "id", "total" FROM "orders" WHERE "status" = $1 AND "total" > $2',
      params: ['paid', 100],
    });
  });

  it('renders NULL comparisons without a parameter', () => {
    const q = from('users').where('deleted_at', '=', null).where('email', '<>', null).where('age', '>=', 18).build();
    expect(q.text).toBe('SELECT * FROM "users" WHERE "deleted_at" IS NULL AND "email" IS NOT NULL AND "age" >= $1');
    expect(q.params).toEqual([18]);
  });

  it('appends order and limit', () => {
    const q = from('posts').orderBy('created_at', 'desc').orderBy('id').limit(20).build();
    expect(q.text).toBe('SELECT * FROM "posts" ORDER BY "created_at" DESC, "id" ASC LIMIT 20');
  });

  it('rejects ordering comparisons with NULL', () => {
    expect(() => from('t').where('x', '<', null)).toThrow('operator < cannot compare with NULL');
  });

  it.each(['drop table', 'a;b', '1col', ''])('rejects identifier %j', (name) => {
    expect(() => quoteIdent(name)).toThrow(`invalid identifier: ${name}`);
  });
});
