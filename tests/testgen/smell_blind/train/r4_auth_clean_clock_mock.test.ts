import { describe, it, expect, vi, beforeEach } from 'vitest';
import { AuthService, AuthError, Clock, UserStore, Hasher } from './r4_auth';

const T0_MS = 1_700_000_000_000; // 2023-11-14T22:13:20Z, a whole second
const TTL_S = 3600;
let now: number;
const clock: Clock = { now: () => now };
let users: UserStore;
let hasher: Hasher;

beforeEach(() => {
  now = T0_MS;
  users = { passwordHash: vi.fn().mockResolvedValue('$hash') };
  hasher = { verify: vi.fn().mockResolvedValue(true) };
});

describe('AuthService', () => {
  it('issues a token stamped with the clock', async () => {
    const svc = new AuthService(users, hasher, clock, TTL_S);
    await expect(svc.login('ann', 'pw')).resolves.toEqual({
      token: 'ann.1700000000',
      expiresAt: 1700003600,
    });
    expect(hasher.verify).toHaveBeenCalledWith('$hash', 'pw');
  });

  it('wrong password is an AuthError', async () => {
    vi.mocked(hasher.verify).mockResolvedValue(false);
    const svc = new AuthService(users, hasher, clock);
    await expect(svc.login('ann', 'nope')).rejects.toBeInstanceOf(AuthError);
    await expect(svc.login('ann', 'nope')).rejects.toThrow('invalid credentials');
  });

  it('expires exactly at expiresAt', () => {
    const svc = new AuthService(users, hasher, clock);
    expect(svc.isExpired({ expiresAt: 1700000001 })).toBe(false);
    now += 1000; // one second later
    expect(svc.isExpired({ expiresAt: 1700000001 })).toBe(true);
  });
});
