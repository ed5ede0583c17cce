import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentDeclined, PaymentService, type Gateway, type Ledger } from './r3_paymentService';

class MemoryLedger implements Ledger {
  entries: Parameters<Ledger['record']>[0][] = [];
  async record(entry: Parameters<Ledger['record']>[0]) {
    this.entries.push(entry);
  }
}

const fixedRisk = (risk: number) => ({ score: async () => risk });
const identityFx = { toUsdCents: (amount: number) => amount };
const silent = { receipt: async () => {} };
const noAudit = { log: () => {} };

describe('PaymentService', () => {
  let gateway: { authorize: ReturnType<typeof vi.fn> };
  let ledger: MemoryLedger;

  beforeEach(() => {
    // The card gateway is a remote service; it is the only mocked dependency.
    gateway = { authorize: vi.fn().mockResolvedValue({ approved: true, authId: 'auth-7' }) };
    ledger = new MemoryLedger();
  });

  const service = (risk = 0.1) =>
    new PaymentService(gateway as unknown as Gateway, fixedRisk(risk), ledger, silent, identityFx, noAudit);

  it('returns the authorization id and records it in the ledger', async () => {
    await expect(service().pay('cust-1', 'tok', 2_500, 'USD')).resolves.toBe('auth-7');
    expect(ledger.entries).toEqual([{ customerId: 'cust-1', amountCents: 2_500, currency: 'USD', authId: 'auth-7' }]);
  });

  it('declines high-risk payments without contacting the gateway', async () => {
    await expect(service(0.95).pay('cust-1', 'tok', 2_500, 'USD')).rejects.toThrow(new PaymentDeclined('risk'));
    expect(gateway.authorize).not.toHaveBeenCalled();
  });

  it('passes the gateway decline reason through', async () => {
    gateway.authorize.mockResolvedValue({ approved: false, reason: 'insufficient funds' });
    await expect(service().pay('cust-1', 'tok', 100, 'USD')).rejects.toThrow('payment declined: insufficient funds');
    expect(ledger.entries).toEqual([]);
  });

  it('rejects amounts over the USD limit', async () => {
    await expect(service().pay('cust-1', 'tok', 1_000_001, 'USD')).rejects.toThrow('payment declined: over limit');
  });
});
