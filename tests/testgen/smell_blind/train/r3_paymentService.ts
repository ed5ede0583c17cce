export interface Gateway {
  authorize(cardToken: string, amountCents: number, currency: string): Promise<{ approved: boolean; authId?: string; reason?: string }>;
}
export interface FraudCheck {
  score(customerId: string, amountCents: number): Promise<number>;
}
export interface Ledger {
  record(entry: { customerId: string; amountCents: number; currency: string; authId: string }): Promise<void>;
}
export interface Notifier {
  receipt(customerId: string, amountCents: number, currency: string): Promise<void>;
}
export interface FxRates {
  toUsdCents(amountCents: number, currency: string): number;
}
export interface Audit {
  log(event: string, data: Record<string, unknown>): void;
}

export class PaymentDeclined extends Error {
  constructor(public readonly reason: string) {
    super(`payment declined: ${reason}`);
    this.name = 'PaymentDeclined';
  }
}

export const FRAUD_THRESHOLD = 0.8;
export const USD_LIMIT_CENTS = 1_000_000;

export class PaymentService {
  constructor(
    private gateway: Gateway,
    private fraud: FraudCheck,
    private ledger: Ledger,
    private notifier: Notifier,
    private fx: FxRates,
    private audit: Audit,
  ) {}

  async pay(customerId: string, cardToken: string, amountCents: number, currency: string): Promise<string> {
    if (amountCents <= 0) throw new RangeError('amount must be positive');
    if (this.fx.toUsdCents(amountCents, currency) > USD_LIMIT_CENTS) throw new PaymentDeclined('over limit');
    const risk = await this.fraud.score(customerId, amountCents);
    if (risk >= FRAUD_THRESHOLD) {
      this.audit.log('fraud_block', { customerId, risk });
      throw new PaymentDeclined('risk');
    }
    const auth = await this.gateway.authorize(cardToken, amountCents, currency);
    if (!auth.approved || !auth.authId) throw new PaymentDeclined(auth.reason ?? 'unknown');
    await this.ledger.record({ customerId, amountCents, currency, authId: auth.authId });
    await this.notifier.receipt(customerId, amountCents, currency);
    this.audit.log('paid', { customerId, authId: auth.authId });
    return auth.authId;
  }
}
