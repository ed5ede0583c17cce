import { test } from 'node:test';
import assert from 'node:assert/strict';
import { from } from './r8_query_builder';

test('where with a string value is parameterised', () => {
  const q = from('users').where('name', '=', "O'Brien").build();
  assert.deepEqual(q.params, ["O'Brien"]);
});

test('limit must be a non-negative integer', () => {
  assert.throws(() => from('users').limit(1.5), /invalid limit: 1.5/);
});

test('table names are quoted', () => {});

test('multiple where clauses are joined with AND', () => {
  assert.equal(
    from('t').where('a', '=', 1).where('b', '=', 2).build().text,
    'SELECT * FROM "t" WHERE "a" = $1 AND "b" = $2',
  );
});
