import { pageWindow, paginate } from './r5_paginator';

describe('paginate', () => {
  const data = ['a', 'b', 'c', 'd', 'e'];

  it('returns the last partial page', () => {
    expect(paginate(data, 2, 3).items).toEqual(['d', 'e']);
  });

  it('marks the last page as having no next page', () => {});

  it('keeps the page size in the result', () => {
    const result = paginate(data, 1, 2);
    // expect(result.pageSize).toBe(2);
  });
});

describe('pageWindow', () => {
  it('inserts a gap marker between distant pages', () => {
    expect(pageWindow(1, 4)).toEqual([1, 2, null, 4]);
  });
});
