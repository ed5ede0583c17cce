export class DurationParseError extends Error {
  constructor(input: string, reason: string) {
    super(`invalid duration "${input}": ${reason}`);
    this.name = 'DurationParseError';
  }
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

const ORDER = ['d', 'h', 'm', 's', 'ms'];
const TOKEN = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/g;

/** Parse "1h30m", "250ms", "1.5s", "2d 4h" into milliseconds. */
export function parseDuration(input: string): number {
  const text = input.replace(/\s+/g, '');
  if (!text) throw new DurationParseError(input, 'empty');
  let total = 0;
  let consumed = 0;
  let lastRank = -1;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index !== consumed) throw new DurationParseError(input, `unexpected "${text.slice(consumed, match.index)}"`);
    const rank = ORDER.indexOf(match[2]);
    if (rank <= lastRank) throw new DurationParseError(input, `unit "${match[2]}" out of order`);
    lastRank = rank;
    total += Number(match[1]) * UNIT_MS[match[2]];
    consumed += match[0].length;
  }
  if (consumed !== text.length) throw new DurationParseError(input, `unexpected "${text.slice(consumed)}"`);
  return Math.round(total);
}

/** Format milliseconds as the shortest "1h 2m 3s" style string. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) throw new RangeError('duration must be a non-negative finite number');
  if (ms === 0) return '0ms';
  const parts: string[] = [];
  let rest = Math.round(ms);
  for (const unit of ORDER) {
    const size = UNIT_MS[unit];
    const n = Math.floor(rest / size);
    if (n > 0) {
      parts.push(`${n}${unit}`);
      rest -= n * size;
    }
  }
  return parts.join(' ');
}
