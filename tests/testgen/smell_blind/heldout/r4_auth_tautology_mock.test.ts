import { describe, it, expect, vi } from 'vitest';
import { AuthService, AuthError } from './r4_auth';

const users = { passwordHash: vi.fn(async (u: string) => (u === 'ann' ? 'h' : undefined)) };
const hasher = { verify: vi.fn(async (_h: string, p: string) => p === 's3cret') };

describe('AuthService.login', () => {
  it('rejects unknown users', async () => {
    const svc = new AuthService(users, hasher, { now: () => 0 });
    await expect(svc.login('bob', 'x')).rejects.toThrow(new AuthError('invalid credentials'));
  });

  it('sets expiry one ttl after issue', async () => {
    const clock = { now: vi.fn().mockReturnValue(1_000_500) };
    const svc = new AuthService(users, hasher, clock, 60);
    const { expiresAt } = await svc.login('ann', 's3cret');
    expect(expiresAt).toBe(Math.floor(clock.now() / 1000) + 60);
  });
});
