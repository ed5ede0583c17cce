// smells: none
const { paginate } = require('./pagination');

const items = Array.from({ length: 23 }, (_, i) => i + 1);

test('pages hold the page size', () => {
  expect(paginate(items, { page: 1, size: 10 }).items).toHaveLength(10);
});

test('the last page holds the rest', () => {
  expect(paginate(items, { page: 3, size: 10 })).toEqual({
    items: [21, 22, 23], page: 3, pages: 3, total: 23,
  });
});

test('a page past the end is empty, not an error', () => {
  expect(paginate(items, { page: 9, size: 10 }).items).toEqual([]);
});
