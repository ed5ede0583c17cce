import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pageWindow, paginate } from './r5_paginator';

const letters = 'abcdefghijklmnopqrstuvwxy'.split(''); // 25 items

describe('paginate', () => {
  const table: Array<{ page: number; size: number; items: string[]; totalPages: number; hasPrev: boolean; hasNext: boolean }> = [
    { page: 1, size: 10, items: letters.slice(0, 10), totalPages: 3, hasPrev: false, hasNext: true },
    { page: 3, size: 10, items: ['u', 'v', 'w', 'x', 'y'], totalPages: 3, hasPrev: true, hasNext: false },
    { page: 4, size: 10, items: [], totalPages: 3, hasPrev: true, hasNext: false },
    { page: 1, size: 25, items: letters, totalPages: 1, hasPrev: false, hasNext: false },
  ];

  for (const row of table) {
    it(`page ${row.page} of size ${row.size}`, () => {
      const result = paginate(letters, row.page, row.size);
      assert.deepEqual(
        { items: result.items, totalPages: result.totalPages, hasPrev: result.hasPrev, hasNext: result.hasNext },
        { items: row.items, totalPages: row.totalPages, hasPrev: row.hasPrev, hasNext: row.hasNext },
      );
    });
  }

  it('reports one page for an empty list', () => {
    const result = paginate([], 1);
    assert.equal(result.totalPages, 1);
    assert.equal(result.hasNext, false);
  });

  it('rejects a zero page size with a descriptive RangeError', () => {
    assert.throws(() => paginate(letters, 1, 0), {
      name: 'RangeError',
      message: 'pageSize must be an integer between 1 and 100, got 0',
    });
  });

  it('rejects page 0', () => {
    assert.throws(() => paginate(letters, 0), /page must be a positive integer, got 0/);
  });
});

describe('pageWindow', () => {
  const cases: Array<[number, number, Array<number | null>]> = [
    [1, 1, [1]],
    [1, 5, [1, 2, null, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 10, [1, null, 4, 5, 6, null, 10]],
    [10, 10, [1, null, 9, 10]],
  ];

  for (const [current, total, expected] of cases) {
    it(`window around ${current} of ${total}`, () => {
      assert.deepEqual(pageWindow(current, total), expected);
    });
  }
});
