import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

const TOTAL_ROWS = 23;
const PAGE_SIZE = 10;
const rows = Array.from({ length: TOTAL_ROWS }, (_, i) => `row-${i}`);

describe('paginate', () => {
  it.each([1, 2, 3])('returns page %i', (page) => {
    const start = (page - 1) * PAGE_SIZE;
    const result = paginate(rows, page, PAGE_SIZE);

    expect(result.items).toEqual(rows.slice(start, start + PAGE_SIZE));
    expect(result.totalPages).toBe(Math.max(1, Math.ceil(rows.length / PAGE_SIZE)));
    expect(result.hasNext).toBe(page < Math.ceil(rows.length / PAGE_SIZE));
  });
});
