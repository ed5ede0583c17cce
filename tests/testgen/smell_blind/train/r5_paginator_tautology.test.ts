import { paginate } from './r5_paginator';

describe('paginate', () => {
  const products = Array.from({ length: 57 }, (_, i) => `product-${i + 1}`);

  it('computes the number of pages', () => {
    const pageSize = 12;
    const result = paginate(products, 1, pageSize);
    expect(result.totalPages).toBe(Math.max(1, Math.ceil(products.length / pageSize)));
  });

  it('returns the requested slice', () => {
    const page = 3;
    const pageSize = 12;
    const result = paginate(products, page, pageSize);
    expect(result.items).toEqual(products.slice((page - 1) * pageSize, (page - 1) * pageSize + pageSize));
  });

  it('has no previous page on page one', () => {
    expect(paginate(products, 1, 12).hasPrev).toBe(false);
  });

  it('rejects page sizes above 100', () => {
    expect(() => paginate(products, 1, 500)).toThrow('pageSize must be an integer between 1 and 100, got 500');
  });
});
