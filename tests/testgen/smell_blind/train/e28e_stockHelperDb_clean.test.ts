import { Stock } from './e28e_stock';

function stockOver(rows: Record<string, string>[]): Stock {
  const db = { query: jest.fn() };
  db.query = jest.fn(async () => rows);
  return new Stock(db);
}

describe('Stock', () => {
  it('maps the database columns', async () => {
    const stock = stockOver([{ sku: 's1', quantity: '4', since: '2024-05-01T10:00:00Z' }]);
    expect(await stock.row('s1')).toEqual({ sku: 's1', quantity: 4, since: new Date('2024-05-01T10:00:00Z') });
  });

  it('returns what is left after a reservation', () => {
    const stock = stockOver([]);
    stock.receive('s1', 10);
    expect(stock.reserve('s1', 3)).toBe(7);
  });
});
