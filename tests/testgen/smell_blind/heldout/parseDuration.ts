const UNIT_SECONDS: Record<string, number> = { d: 86_400, h: 3_600, m: 60, s: 1 };
const DURATION_RE = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;

/** Parse strings like "1h30m" or "2d" into a number of seconds. */
export function parseDuration(input: string): number {
  const trimmed = input.trim();
  const match = DURATION_RE.exec(trimmed);
  if (!trimmed || !match) {
    throw new TypeError(`invalid duration: "${input}"`);
  }
  const [, d, h, m, s] = match;
  return (
    Number(d ?? 0) * UNIT_SECONDS.d +
    Number(h ?? 0) * UNIT_SECONDS.h +
    Number(m ?? 0) * UNIT_SECONDS.m +
    Number(s ?? 0) * UNIT_SECONDS.s
  );
}
