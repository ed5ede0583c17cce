export function average(values) {
  if (values.length === 0) throw new RangeError('no values');
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

export function spread(values) {
  return Math.max(...values) - Math.min(...values);
}
