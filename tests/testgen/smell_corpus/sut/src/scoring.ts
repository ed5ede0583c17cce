export function average(values: number[]): number {
  if (values.length === 0) throw new Error('no values');
  return values.reduce((a, b) => a + b, 0) / values.length;
}

export function weighted(score: number, weight: number): number {
  return score * weight;
}

export function grade(score: number): string {
  if (score >= 90) return 'A';
  if (score >= 75) return 'B';
  if (score >= 50) return 'C';
  return 'F';
}
