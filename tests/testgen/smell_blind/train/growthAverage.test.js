import { average } from './e28_growth.js';

describe('average', () => {
  test.each([
    [1, 2, 3],
    [10, 20, 60],
  ])('of %d, %d and %d', (a, b, c) => {
    expect(average([a, b, c])).toBe((a + b + c) / 3);
  });
});
