export function pageInfo(totalItems, pageSize, page) {
  if (pageSize <= 0) throw new RangeError('pageSize must be positive');
  const totalPages = Math.max(1, Math.ceil(totalItems / pageSize));
  const current = Math.min(Math.max(1, page), totalPages);
  return {
    page: current,
    totalPages,
    offset: (current - 1) * pageSize,
    hasPrev: current > 1,
    hasNext: current < totalPages,
  };
}
