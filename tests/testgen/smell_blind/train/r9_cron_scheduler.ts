export type Schedule =
  | { kind: 'interval'; minutes: number }
  | { kind: 'daily'; hour: number; minute: number };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export class ScheduleSyntaxError extends Error {}

export function parseSchedule(spec: string): Schedule {
  const every = /^every (\d+)(m|h)$/.exec(spec.trim());
  if (every) {
    const minutes = Number(every[1]) * (every[2] === 'h' ? 60 : 1);
    if (minutes <= 0 || minutes > 24 * 60) throw new ScheduleSyntaxError(`interval out of range: ${spec}`);
    return { kind: 'interval', minutes };
  }
  const daily = /^daily (\d{2}):(\d{2})$/.exec(spec.trim());
  if (daily) {
    const hour = Number(daily[1]);
    const minute = Number(daily[2]);
    if (hour > 23 || minute > 59) throw new ScheduleSyntaxError(`invalid time: ${spec}`);
    return { kind: 'daily', hour, minute };
  }
  throw new ScheduleSyntaxError(`unrecognised schedule: ${spec}`);
}

/** First run strictly after `after` (UTC). Intervals are aligned to the Unix epoch. */
export function nextRun(schedule: Schedule, after: Date): Date {
  const t = after.getTime();
  if (schedule.kind === 'interval') {
    const step = schedule.minutes * MINUTE_MS;
    return new Date(Math.floor(t / step) * step + step);
  }
  const midnight = Math.floor(t / DAY_MS) * DAY_MS;
  const today = midnight + (schedule.hour * 60 + schedule.minute) * MINUTE_MS;
  return new Date(today > t ? today : today + DAY_MS);
}

interface Entry {
  schedule: Schedule;
  task: () => Promise<void> | void;
  next: Date;
}

export class CronScheduler {
  private entries = new Map<string, Entry>();

  constructor(private readonly clock: () => Date) {}

  register(name: string, spec: string, task: () => Promise<void> | void): Date {
    if (this.entries.has(name)) throw new Error(`duplicate task: ${name}`);
    const schedule = parseSchedule(spec);
    const next = nextRun(schedule, this.clock());
    this.entries.set(name, { schedule, task, next });
    return next;
  }

  async tick(): Promise<string[]> {
    const now = this.clock();
    const ran: string[] = [];
    for (const [name, entry] of this.entries) {
      if (entry.next.getTime() <= now.getTime()) {
        await entry.task();
        entry.next = nextRun(entry.schedule, now);
        ran.push(name);
      }
    }
    return ran;
  }

  nextRunOf(name: string): Date | undefined {
    return this.entries.get(name)?.next;
  }
}
