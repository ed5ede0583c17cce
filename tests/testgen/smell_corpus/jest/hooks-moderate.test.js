// smells: none
const { createOrder } = require('./orders');
const db = require('./db');
const mailer = require('./mailer');
const payments = require('./payments');

describe('createOrder', () => {
  beforeEach(() => {
    jest.spyOn(db, 'insert').mockResolvedValue({ id: 1 });
    jest.spyOn(mailer, 'send').mockResolvedValue();
    jest.spyOn(payments, 'capture').mockResolvedValue({ ok: true });
  });

  test('the customer gets a confirmation', async () => {
    await createOrder({ sku: 'x', email: 'a@b.c' });
    expect(mailer.send).toHaveBeenCalledWith('a@b.c', expect.stringContaining('order 1'));
  });

  test('a declined payment stores nothing', async () => {
    payments.capture.mockResolvedValue({ ok: false });
    await expect(createOrder({ sku: 'x' })).rejects.toThrow('payment declined');
    expect(db.insert).not.toHaveBeenCalled();
  });
});
