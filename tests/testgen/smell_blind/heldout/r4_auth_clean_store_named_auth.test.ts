import { AuthService, UserStore } from './r4_auth';

// The user store is the auth backend: a true collaborator, faked here.
const authStore: jest.Mocked<UserStore> = { passwordHash: jest.fn() };
const authHasher = { verify: jest.fn() };

describe('AuthService with faked auth store', () => {
  beforeEach(() => {
    jest.resetAllMocks();
    authStore.passwordHash.mockResolvedValue('stored-hash');
    authHasher.verify.mockResolvedValue(true);
  });

  test('token embeds user and issue second', async () => {
    const svc = new AuthService(authStore, authHasher, { now: () => 42_999 } /* 42.999 s: issue second floors to 42 */);
    const session = await svc.login('zoe', 'pw');
    expect(session).toEqual({ token: 'zoe.42', expiresAt: 3642 });
    expect(authStore.passwordHash).toHaveBeenCalledWith('zoe');
  });

  test('missing user never reaches the hasher', async () => {
    authStore.passwordHash.mockResolvedValue(undefined);
    const svc = new AuthService(authStore, authHasher, { now: () => 0 });
    await expect(svc.login('ghost', 'pw')).rejects.toThrow('invalid credentials');
    expect(authHasher.verify).not.toHaveBeenCalled();
  });
});
