import { pageInfo } from './pagination.js';

describe('pageInfo', () => {
  it('clamps a page past the end to the last page', () => {
    expect(pageInfo(137, 20, 9)).toEqual({
      page: 7,
      totalPages: 7,
      offset: 120,
      hasPrev: true,
      hasNext: false,
    });
  });

  it('computes the offset of a middle page', () => {
    const info = pageInfo(45, 15, 2);
    expect(info.offset).toBe(15);
    expect(info.hasNext).toBe(true);
  });

  it('treats an empty list as a single page', () => {
    expect(pageInfo(0, 25, 3).totalPages).toBe(1);
  });
});
