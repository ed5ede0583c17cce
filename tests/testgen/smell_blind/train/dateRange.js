const DAY_MS = 24 * 60 * 60 * 1000;

export function dateRange(startIso, endIso) {
  const start = Date.parse(`${startIso}T00:00:00Z`);
  const end = Date.parse(`${endIso}T00:00:00Z`);
  if (Number.isNaN(start)) throw new TypeError(`invalid date: ${startIso}`);
  if (Number.isNaN(end)) throw new TypeError(`invalid date: ${endIso}`);
  if (end < start) throw new RangeError(`end ${endIso} is before start ${startIso}`);
  const days = [];
  for (let t = start; t <= end; t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}
