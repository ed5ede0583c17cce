import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

const PAGE_SIZE = 10;

describe('paginate edge cases', () => {
  it('returns an empty first page for an empty list', () => {
    const page = paginate([], 1, PAGE_SIZE);
    expect(page.items).toEqual([]);
    expect(page.totalPages).toBe(1);
  });

  it('handles a page number beyond the last page', () => {
    // Behaviour still under discussion with product: clamp or throw?
  });

  it('keeps element identity for object items', () => {
    // see paginate.test.ts
  });
});
