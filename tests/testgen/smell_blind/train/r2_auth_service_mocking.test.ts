import { AuthService, TOKEN_TTL_SECONDS } from './r2_auth_service';

describe('AuthService.login', () => {
  it('logs the user in', async () => {
    const users = { findByEmail: jest.fn().mockResolvedValue({ id: 'u1', passwordHash: 'h', locked: false }) };
    const hasher = { verify: jest.fn().mockResolvedValue(true) };
    const signer = { sign: jest.fn().mockReturnValue('signed-token') };
    const audit = { record: jest.fn() };
    const clock = { now: jest.fn().mockReturnValue(1_000_000) };
    const limiter = {
      tooManyAttempts: jest.fn().mockReturnValue(false),
      registerFailure: jest.fn(),
      reset: jest.fn(),
    };
    const service = new AuthService(users as any, hasher, signer, audit, clock, limiter);

    const result = await service.login('U@x.io', 'pw');

    expect(limiter.tooManyAttempts).toHaveBeenCalledWith('u@x.io');
    expect(users.findByEmail).toHaveBeenCalledWith('u@x.io');
    expect(hasher.verify).toHaveBeenCalledWith('pw', 'h');
    expect(limiter.reset).toHaveBeenCalledWith('u@x.io');
    expect(limiter.registerFailure).not.toHaveBeenCalled();
    expect(clock.now).toHaveBeenCalled();
    expect(signer.sign).toHaveBeenCalledWith({ sub: 'u1', iat: 1000, exp: 1000 + TOKEN_TTL_SECONDS });
    expect(audit.record).toHaveBeenCalledWith('login_succeeded', { userId: 'u1' });
    expect(result.token).toBe('signed-token');
  });
});
