import { describe, it, expect, vi, beforeEach } from 'vitest';
import { FlagClient, type FlagDeps } from './r2_feature_flags';

describe('FlagClient', () => {
  let deps: FlagDeps;

  beforeEach(() => {
    deps = {
      fetchRules: vi.fn(),
      hash: vi.fn().mockReturnValue(0),
      logger: { warn: vi.fn() },
      metrics: { increment: vi.fn() },
      now: vi.fn().mockReturnValue(0),
    };
  });

  it('evaluates a flag', async () => {
    const rule = { enabled: true, rolloutPercent: 1, allowList: { includes: vi.fn().mockReturnValue(false) } };
    (deps.fetchRules as any).mockResolvedValue({ checkout_v2: rule });
    const client = new FlagClient(deps);

    await client.isEnabled('checkout_v2', 'user-1');

    expect(deps.now).toHaveBeenCalledTimes(1);
    expect(deps.fetchRules).toHaveBeenCalledTimes(1);
    expect(rule.allowList.includes).toHaveBeenCalledWith('user-1');
    expect(deps.hash).toHaveBeenCalledWith('checkout_v2:user-1');
    expect(deps.metrics.increment).toHaveBeenCalledWith('flag.evaluated', { flag: 'checkout_v2', result: 'true' });
    expect(deps.logger.warn).not.toHaveBeenCalled();
  });
});
