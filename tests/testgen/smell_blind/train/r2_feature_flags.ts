export interface FlagRule {
  enabled: boolean;
  rolloutPercent: number;
  allowList?: string[];
}

export interface FlagDeps {
  fetchRules: () => Promise<Record<string, FlagRule>>;
  hash: (input: string) => number; // 0..99
  logger: { warn(msg: string): void };
  metrics: { increment(name: string, tags?: Record<string, string>): void };
  now: () => number;
}

export class FlagClient {
  private rules: Record<string, FlagRule> = {};
  private loadedAt = -Infinity;

  constructor(private readonly deps: FlagDeps, private readonly refreshMs = 60_000) {}

  async isEnabled(flag: string, userId: string): Promise<boolean> {
    await this.refreshIfStale();
    const rule = this.rules[flag];
    if (!rule) {
      this.deps.logger.warn(`unknown flag ${flag}`);
      return false;
    }
    const on = rule.enabled && (rule.allowList?.includes(userId) || this.deps.hash(`${flag}:${userId}`) < rule.rolloutPercent);
    this.deps.metrics.increment('flag.evaluated', { flag, result: String(on) });
    return on;
  }

  private async refreshIfStale(): Promise<void> {
    const now = this.deps.now();
    if (now - this.loadedAt < this.refreshMs) return;
    try {
      this.rules = await this.deps.fetchRules();
      this.loadedAt = now;
    } catch {
      this.deps.logger.warn('flag refresh failed; keeping previous rules');
    }
  }
}
