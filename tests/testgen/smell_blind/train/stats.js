function assertNonEmpty(values) {
  if (values.length === 0) throw new RangeError('values must not be empty');
}

export function mean(values) {
  assertNonEmpty(values);
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export function median(values) {
  assertNonEmpty(values);
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function mode(values) {
  assertNonEmpty(values);
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[0];
  for (const [v, c] of counts) if (c > counts.get(best)) best = v;
  return best;
}

export function range(values) {
  assertNonEmpty(values);
  return Math.max(...values) - Math.min(...values);
}
