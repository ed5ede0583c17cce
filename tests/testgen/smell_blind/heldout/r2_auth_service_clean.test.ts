import { AuthError, AuthService, type AttemptLimiter, type User } from './r2_auth_service';

class InMemoryUsers {
  constructor(private readonly users: User[]) {}
  async findByEmail(email: string) {
    return this.users.find((u) => u.email === email);
  }
}

const plainHasher = { verify: async (password: string, hash: string) => hash === `hashed:${password}` };
const fakeSigner = { sign: (payload: Record<string, unknown>) => `token(${payload.sub},${payload.exp})` };

const MAX_FAILED_ATTEMPTS = 3;

class CountingLimiter implements AttemptLimiter {
  failures = new Map<string, number>();
  tooManyAttempts(email: string) {
    return (this.failures.get(email) ?? 0) >= MAX_FAILED_ATTEMPTS;
  }
  registerFailure(email: string) {
    this.failures.set(email, (this.failures.get(email) ?? 0) + 1);
  }
  reset(email: string) {
    this.failures.delete(email);
  }
}

function makeService(limiter = new CountingLimiter()) {
  const users = new InMemoryUsers([
    { id: 'u1', email: 'ada@example.com', passwordHash: 'hashed:s3cret', locked: false },
    { id: 'u2', email: 'bob@example.com', passwordHash: 'hashed:pw', locked: true },
  ]);
  const audit = { record: jest.fn() };
  const clock = { now: () => 1_700_000_000_000 }; // fixed clock
  return { service: new AuthService(users, plainHasher, fakeSigner, audit, clock, limiter), audit, limiter };
}

describe('AuthService.login', () => {
  it('issues a token that expires after the TTL', async () => {
    const { service } = makeService();

    const result = await service.login(' Ada@Example.com ', 's3cret');

    expect(result).toEqual({
      token: 'token(u1,1700003600)',
      expiresAt: 1_700_003_600,
    });
  });

  it('rejects a wrong password and audits the failure', async () => {
    const { service, audit } = makeService();

    await expect(service.login('ada@example.com', 'guess')).rejects.toThrow(new AuthError('invalid_credentials'));
    expect(audit.record).toHaveBeenCalledWith('login_failed', { email: 'ada@example.com' });
  });

  it('throttles after three failures', async () => {
    const { service } = makeService();
    for (let i = 0; i < MAX_FAILED_ATTEMPTS; i++) {
      await service.login('ada@example.com', 'guess').catch(() => undefined);
    }

    await expect(service.login('ada@example.com', 's3cret')).rejects.toMatchObject({ reason: 'throttled' });
  });

  it('refuses locked accounts even with the right password', async () => {
    const { service } = makeService();
    await expect(service.login('bob@example.com', 'pw')).rejects.toMatchObject({ reason: 'locked' });
  });
});
