import { paginate } from './e28d_pages.js';

const letters = 'abcdefghijklmnopqrstuvw'.split('');

describe('paginate', () => {
  it('starts the third page after two full pages', () => {
    const page = 3;
    const size = 5;
    const result = paginate(letters, page, size);
    expect(result.start).toBe((page - 1) * size);
  });

  it('knows the last page', () => {
    expect(paginate(letters, 5, 5).last).toBe(true);
  });
});
