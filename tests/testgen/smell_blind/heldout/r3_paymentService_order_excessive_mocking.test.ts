import { PaymentService, type Audit, type FraudCheck, type FxRates, type Gateway, type Ledger, type Notifier } from './r3_paymentService';

function mocked<T>(methods: (keyof T)[]): jest.Mocked<T> {
  return Object.fromEntries(methods.map((m) => [m, jest.fn()])) as unknown as jest.Mocked<T>;
}

test('pay calls every collaborator in the expected sequence', async () => {
  const gateway = mocked<Gateway>(['authorize']);
  const fraud = mocked<FraudCheck>(['score']);
  const ledger = mocked<Ledger>(['record']);
  const notifier = mocked<Notifier>(['receipt']);
  const fx = mocked<FxRates>(['toUsdCents']);
  const audit = mocked<Audit>(['log']);
  fx.toUsdCents.mockReturnValue(0);
  fraud.score.mockResolvedValue(0);
  gateway.authorize.mockResolvedValue({ approved: true, authId: 'auth' });

  await new PaymentService(gateway, fraud, ledger, notifier, fx, audit).pay('c', 't', 1, 'USD');

  const order = [
    fx.toUsdCents.mock.invocationCallOrder[0],
    fraud.score.mock.invocationCallOrder[0],
    gateway.authorize.mock.invocationCallOrder[0],
    ledger.record.mock.invocationCallOrder[0],
    notifier.receipt.mock.invocationCallOrder[0],
    audit.log.mock.invocationCallOrder[0],
  ];
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(ledger.record).toHaveBeenCalledWith(expect.anything());
  expect(notifier.receipt).toHaveBeenCalledWith(expect.anything(), expect.anything(), expect.anything());
  expect(audit.log).toHaveBeenCalledWith(expect.any(String), expect.any(Object));
});
