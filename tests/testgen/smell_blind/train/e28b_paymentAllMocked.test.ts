import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentService } from './r3_paymentService';

describe('PaymentService.pay', () => {
  let gateway: any, fraud: any, ledger: any, notifier: any, fx: any, audit: any;

  beforeEach(() => {
    gateway = { authorize: vi.fn().mockResolvedValue({ approved: true, authId: 'a-1' }) };
    fraud = { score: vi.fn().mockResolvedValue(0.1) };
    ledger = { record: vi.fn().mockResolvedValue(undefined) };
    notifier = { receipt: vi.fn().mockResolvedValue(undefined) };
    fx = { toUsdCents: vi.fn().mockReturnValue(100) };
    audit = { log: vi.fn() };
  });

  it('pays', async () => {
    const id = await new PaymentService(gateway, fraud, ledger, notifier, fx, audit).pay('c', 't', 100, 'USD');
    expect(id).toBe('a-1');
    expect(fraud.score).toHaveBeenCalledWith('c', 100);
    expect(gateway.authorize).toHaveBeenCalledWith('t', 100, 'USD');
    expect(ledger.record).toHaveBeenCalledTimes(1);
    expect(notifier.receipt).toHaveBeenCalledTimes(1);
    expect(audit.log).toHaveBeenCalledWith('paid', { customerId: 'c', authId: 'a-1' });
  });
});
