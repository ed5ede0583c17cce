// smells: excessive_mocking
const { createOrder } = require('./orders');
const db = require('./db');
const mailer = require('./mailer');
const payments = require('./payments');
const stock = require('./stock');
const audit = require('./audit');
const clock = require('./clock');
const flags = require('./flags');

describe('createOrder', () => {
  beforeEach(() => {
    jest.spyOn(db, 'insert').mockResolvedValue({ id: 1 });
    jest.spyOn(mailer, 'send').mockResolvedValue();
    jest.spyOn(payments, 'capture').mockResolvedValue({ ok: true });
    jest.spyOn(stock, 'reserve').mockResolvedValue(true);
    jest.spyOn(audit, 'record').mockImplementation(() => {});
    jest.spyOn(clock, 'now').mockReturnValue(0);
    jest.spyOn(flags, 'isOn').mockReturnValue(true);
  });

  test('a paid order is stored', async () => {
    await expect(createOrder({ sku: 'x' })).resolves.toEqual({ id: 1 });
  });
});
