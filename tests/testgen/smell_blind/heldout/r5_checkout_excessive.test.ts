import { CheckoutService, Inventory, PaymentGateway, Mailer, Clock, IdGenerator } from './r5_checkout_service';
import { taxFor } from './r5_tax';

jest.mock('./r5_tax');

const mockedTaxFor = taxFor as jest.MockedFunction<typeof taxFor>;

describe('CheckoutService', () => {
  let inventory: jest.Mocked<Inventory>;
  let payments: jest.Mocked<PaymentGateway>;
  let mailer: jest.Mocked<Mailer>;
  let clock: jest.Mocked<Clock>;
  let ids: jest.Mocked<IdGenerator>;
  let service: CheckoutService;

  beforeEach(() => {
    inventory = { reserve: jest.fn(), release: jest.fn() };
    payments = { charge: jest.fn() };
    mailer = { sendReceipt: jest.fn() };
    clock = { now: jest.fn() };
    ids = { next: jest.fn() };
    service = new CheckoutService(inventory, payments, mailer, clock, ids);
  });

  it('rejects an empty order', async () => {
    await expect(service.checkout('c1', 'CA', [])).rejects.toThrow('cannot checkout an empty order');
  });

  it('checks out', async () => {
    inventory.reserve.mockResolvedValue(true);
    mockedTaxFor.mockReturnValue(1);
    ids.next.mockReturnValue('id');
    payments.charge.mockResolvedValue({ id: 'ch' });
    mailer.sendReceipt.mockResolvedValue(undefined);
    const date = { toISOString: jest.fn().mockReturnValue('iso') } as unknown as Date;
    clock.now.mockReturnValue(date);

    await service.checkout('c1', 'CA', [{ sku: 's', qty: 1, unitPriceCents: 1 }]);

    expect(inventory.reserve).toHaveBeenCalledWith('s', 1);
    expect(mockedTaxFor).toHaveBeenCalledWith('CA', 1);
    expect(ids.next).toHaveBeenCalledTimes(1);
    expect(payments.charge).toHaveBeenCalledWith('c1', 2, 'id');
    expect(mailer.sendReceipt).toHaveBeenCalledWith('c1', 'id', 2);
    expect(clock.now).toHaveBeenCalledTimes(1);
    expect(date.toISOString).toHaveBeenCalled();
    expect(inventory.release).not.toHaveBeenCalled();
  });
});
