import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentService } from './r3_paymentService';

describe('PaymentService.pay', () => {
  const gateway = { authorize: vi.fn() };
  const fraud = { score: vi.fn() };
  const ledger = { record: vi.fn() };
  const notifier = { receipt: vi.fn() };
  const fx = { toUsdCents: vi.fn() };
  const audit = { log: vi.fn() };
  let service: PaymentService;

  beforeEach(() => {
    vi.resetAllMocks();
    service = new PaymentService(gateway, fraud, ledger, notifier, fx, audit);
  });

  it('rejects non-positive amounts', async () => {
    await expect(service.pay('c1', 'tok', 0, 'USD')).rejects.toThrow('amount must be positive');
  });

  it('pays', async () => {
    fx.toUsdCents.mockReturnValue(1);
    fraud.score.mockResolvedValue(0);
    gateway.authorize.mockResolvedValue({ approved: true, authId: 'A' });
    ledger.record.mockResolvedValue(undefined);
    notifier.receipt.mockResolvedValue(undefined);

    await service.pay('c1', 'tok', 500, 'EUR');

    expect(fx.toUsdCents).toHaveBeenCalledOnce();
    expect(fraud.score).toHaveBeenCalledOnce();
    expect(gateway.authorize).toHaveBeenCalledOnce();
    expect(ledger.record).toHaveBeenCalledOnce();
    expect(notifier.receipt).toHaveBeenCalledOnce();
    expect(audit.log).toHaveBeenCalledOnce();
  });
});
