import { paginate } from './e28d_pages.js';

const letters = 'abcdefghijklmnopqrstuvw'.split('');

describe('paginate', () => {
  it('starts the third page after two full pages', () => {
    const page = 3;
    const size = 5;
    const result = paginate(letters, page, size);
    expect(result.start).toBe(10);
    expect(result.items).toEqual(['k', 'l', 'm', 'n', 'o']);
  });

  it('counts a partial last page', () => {
    expect(paginate(letters, 1, 5).pages).toBe(5);
  });
});
