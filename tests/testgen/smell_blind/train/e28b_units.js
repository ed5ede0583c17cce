export const KM_PER_MILE = 1.609344;

export function toKm(miles) {
  return Math.round(miles * KM_PER_MILE * 1000) / 1000;
}

export function average(values) {
  if (values.length === 0) throw new Error('average of nothing');
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export function percentOf(part, whole) {
  return Math.round((part / whole) * 10000) / 100;
}

export function sortedCopy(values) {
  return [...values].sort((a, b) => a - b);
}
