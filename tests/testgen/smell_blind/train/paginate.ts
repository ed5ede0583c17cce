export interface Page<T> {
  items: T[];
  page: number;
  totalPages: number;
  hasNext: boolean;
}

export function paginate<T>(items: readonly T[], page: number, size: number): Page<T> {
  if (size < 1) throw new RangeError('size must be at least 1');
  if (page < 1) throw new RangeError('page numbers start at 1');
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  const start = (page - 1) * size;
  return {
    items: items.slice(start, start + size),
    page,
    totalPages,
    hasNext: page < totalPages,
  };
}
