import { describe, it, expect } from 'vitest';
import { pageWindow, paginate } from './r5_paginator';

const rows = Array.from({ length: 42 }, (_, i) => ({ id: i + 1 }));

describe('paginator', () => {
  it('defaults to 20 items per page', () => {
    expect(paginate(rows, 1).items).toHaveLength(20);
  });

  it('handles everything', () => {
    const p = paginate(rows, 2, 20);
    expect(p.items[0].id).toBe(21);
    expect(p.totalItems).toBe(42);
    expect(p.totalPages).toBe(3);
    expect(p.hasPrev).toBe(true);
    expect(p.hasNext).toBe(true);
    expect(paginate(rows, 3).items).toHaveLength(2);
    expect(paginate([], 1).totalPages).toBe(1);
    expect(() => paginate(rows, 1, 101)).toThrow(RangeError);
    expect(() => paginate(rows, -1)).toThrow(RangeError);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12, 2)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(paginate(rows, 9).items).toEqual([]);
    expect(p.pageSize).toBe(20);
  });
});
