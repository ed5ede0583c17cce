export class ParseError extends Error {
  constructor(message: string, public readonly input: string) {
    super(message);
    this.name = 'ParseError';
  }
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Parse durations such as "1h30m", "250ms", "2d 4h" into milliseconds. */
export function parseDuration(input: string): number {
  const text = input.trim();
  if (text === '') throw new ParseError('empty duration', input);
  const re = /(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*/gy;
  let total = 0;
  let consumed = 0;
  let match: RegExpExecArray | null;
  while ((match = re.exec(text)) !== null) {
    total += parseFloat(match[1]) * UNITS[match[2]];
    consumed = re.lastIndex;
  }
  if (consumed !== text.length) throw new ParseError(`invalid duration at offset ${consumed}: "${text.slice(consumed)}"`, input);
  return Math.round(total);
}

export function formatDuration(ms: number): string {
  if (ms < 0) throw new RangeError('negative duration');
  if (ms === 0) return '0ms';
  const parts: string[] = [];
  let rest = ms;
  for (const unit of ['d', 'h', 'm', 's', 'ms']) {
    const size = UNITS[unit];
    const n = Math.floor(rest / size);
    if (n > 0) {
      parts.push(`${n}${unit}`);
      rest -= n * size;
    }
  }
  return parts.join(' ');
}
