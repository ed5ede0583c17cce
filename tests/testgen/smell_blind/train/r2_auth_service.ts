export interface User {
  id: string;
  email: string;
  passwordHash: string;
  locked: boolean;
}

export interface UserRepo {
  findByEmail(email: string): Promise<User | undefined>;
}
export interface Hasher {
  verify(password: string, hash: string): Promise<boolean>;
}
export interface TokenSigner {
  sign(payload: Record<string, unknown>): string;
}
export interface AuditLog {
  record(event: string, data: Record<string, unknown>): void;
}
export interface Clock {
  now(): number;
}
export interface AttemptLimiter {
  tooManyAttempts(email: string): boolean;
  registerFailure(email: string): void;
  reset(email: string): void;
}

export class AuthError extends Error {
  constructor(readonly reason: 'invalid_credentials' | 'locked' | 'throttled') {
    super(`login failed: ${reason}`);
    this.name = 'AuthError';
  }
}

export const TOKEN_TTL_SECONDS = 3600;

export class AuthService {
  constructor(
    private readonly users: UserRepo,
    private readonly hasher: Hasher,
    private readonly signer: TokenSigner,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly limiter: AttemptLimiter,
  ) {}

  async login(email: string, password: string): Promise<{ token: string; expiresAt: number }> {
    const key = email.trim().toLowerCase();
    if (this.limiter.tooManyAttempts(key)) throw new AuthError('throttled');
    const user = await this.users.findByEmail(key);
    if (!user || !(await this.hasher.verify(password, user.passwordHash))) {
      this.limiter.registerFailure(key);
      this.audit.record('login_failed', { email: key });
      throw new AuthError('invalid_credentials');
    }
    if (user.locked) throw new AuthError('locked');
    this.limiter.reset(key);
    const issuedAt = Math.floor(this.clock.now() / 1000);
    const expiresAt = issuedAt + TOKEN_TTL_SECONDS;
    const token = this.signer.sign({ sub: user.id, iat: issuedAt, exp: expiresAt });
    this.audit.record('login_succeeded', { userId: user.id });
    return { token, expiresAt };
  }
}
