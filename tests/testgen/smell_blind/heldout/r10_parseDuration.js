'use strict';

const UNIT_SECONDS = { d: 86400, h: 3600, m: 60, s: 1 };
const PART = /(\d+)\s*([dhms])/gy;
const MAX_SECONDS = 365 * 86400;

function parseDuration(text) {
  const input = String(text).trim().toLowerCase();
  if (input === '') {
    throw new RangeError('duration is empty');
  }
  let total = 0;
  let consumed = 0;
  PART.lastIndex = 0;
  let match;
  while ((match = PART.exec(input)) !== null) {
    total += Number(match[1]) * UNIT_SECONDS[match[2]];
    consumed = PART.lastIndex;
    while (input[PART.lastIndex] === ' ') PART.lastIndex += 1;
  }
  if (consumed !== input.length) {
    throw new SyntaxError(`cannot parse duration "${text}" at position ${consumed}`);
  }
  if (total > MAX_SECONDS) {
    throw new RangeError('duration longer than a year');
  }
  return total;
}

function formatDuration(seconds) {
  if (seconds === 0) return '0s';
  const parts = [];
  let rest = seconds;
  for (const [unit, size] of Object.entries(UNIT_SECONDS)) {
    const amount = Math.floor(rest / size);
    if (amount > 0) {
      parts.push(`${amount}${unit}`);
      rest -= amount * size;
    }
  }
  return parts.join(' ');
}

module.exports = { parseDuration, formatDuration, MAX_SECONDS };
