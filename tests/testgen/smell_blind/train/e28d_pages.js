// Pages of a list: which slice a page shows and how many pages there are.
export function paginate(items, page, size) {
  const start = (page - 1) * size;
  const pages = Math.max(1, Math.ceil(items.length / size));
  return { start, pages, items: items.slice(start, start + size), last: page >= pages };
}
