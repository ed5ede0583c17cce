const { Stock } = require('./e28e_stock');

const baseDb = { name: 'stock-test', query: async () => [] };

describe('Stock', () => {
  it('maps the database columns', async () => {
    const db = { ...baseDb, query: jest.fn(async () => [{ sku: 's1', quantity: '4', since: '2024-05-01T10:00:00Z' }]) };
    const stock = new Stock(db);
    expect(await stock.row('s1')).toEqual({ sku: 's1', quantity: 4, since: new Date('2024-05-01T10:00:00Z') });
  });

  it('asks the database for the sku', async () => {
    const db = { ...baseDb, query: jest.fn(async () => [{ sku: 's2', quantity: '1', since: '2024-05-02T00:00:00Z' }]) };
    await new Stock(db).row('s2');
    expect(db.query).toHaveBeenCalledWith('SELECT * FROM stock WHERE sku = $1', ['s2']);
  });
});
