import { describe, expect, it } from 'vitest';
import { paginate } from './paginate';

const LETTERS = ['a', 'b', 'c', 'd', 'e'];
const PAGE_SIZE = 2;

describe('paginate', () => {
  it.each([
    [1, ['a', 'b'], true],
    [2, ['c', 'd'], true],
    [3, ['e'], false],
    [4, [], false],
  ])('page %i holds %j (hasNext=%s)', (page, items, hasNext) => {
    const result = paginate(LETTERS, page, PAGE_SIZE);
    expect(result.items).toEqual(items);
    expect(result.hasNext).toBe(hasNext);
  });

  it('reports total pages and echoes the page number', () => {
    const result = paginate(LETTERS, 2, PAGE_SIZE);
    expect(result).toMatchObject({ page: 2, totalPages: 3 });
  });

  it('rejects page zero', () => {
    expect(() => paginate(LETTERS, 0, PAGE_SIZE)).toThrow(new RangeError('page numbers start at 1'));
  });
});
