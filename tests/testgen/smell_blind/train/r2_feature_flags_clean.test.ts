import { describe, it, expect, vi } from 'vitest';
import { FlagClient, type FlagDeps, type FlagRule } from './r2_feature_flags';

const REFRESH_MS = 60_000;

function makeDeps(rules: Record<string, FlagRule>, overrides: Partial<FlagDeps> = {}) {
  let now = 0;
  const deps: FlagDeps = {
    // remote config service: the network boundary we replace
    fetchRules: vi.fn().mockResolvedValue(rules),
    // users whose id ends in 'lucky' hash into bucket 5, everyone else into bucket 95
    hash: (input) => (input.endsWith('lucky') ? 5 : 95),
    logger: { warn: () => {} },
    metrics: { increment: () => {} },
    now: () => now,
    ...overrides,
  };
  return { deps, advance: (ms: number) => { now += ms; } };
}

describe('FlagClient', () => {
  it('enables users inside the rollout bucket', async () => {
    const { deps } = makeDeps({ checkout_v2: { enabled: true, rolloutPercent: 10 } });
    const client = new FlagClient(deps, REFRESH_MS);

    expect(await client.isEnabled('checkout_v2', 'lucky')).toBe(true);
    expect(await client.isEnabled('checkout_v2', 'unlucky-user')).toBe(false);
  });

  it('lets allow-listed users in regardless of rollout', async () => {
    const { deps } = makeDeps({ beta: { enabled: true, rolloutPercent: 0, allowList: ['qa-1'] } });
    expect(await new FlagClient(deps, REFRESH_MS).isEnabled('beta', 'qa-1')).toBe(true);
  });

  it('treats unknown flags as off', async () => {
    const { deps } = makeDeps({});
    expect(await new FlagClient(deps, REFRESH_MS).isEnabled('nope', 'lucky')).toBe(false);
  });

  it('keeps the last good rules when a refresh fails', async () => {
    const { deps, advance } = makeDeps({ beta: { enabled: true, rolloutPercent: 100 } });
    const client = new FlagClient(deps, REFRESH_MS);
    await client.isEnabled('beta', 'x');

    vi.mocked(deps.fetchRules).mockRejectedValueOnce(new Error('503'));
    advance(REFRESH_MS);

    expect(await client.isEnabled('beta', 'x')).toBe(true);
  });
});
