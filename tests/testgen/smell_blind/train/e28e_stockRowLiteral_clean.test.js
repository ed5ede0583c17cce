const { Stock, parseSince } = require('./e28e_stock');

function fakeDb(rows) {
  const calls = [];
  return { calls, async query(sql, params) { calls.push({ sql, params }); return rows; } };
}

describe('Stock.row', () => {
  it('maps the database columns', async () => {
    const stock = new Stock(fakeDb([{ sku: 's1', quantity: '4', since: '2024-05-01T10:00:00Z' }]));

    expect(await stock.row('s1')).toEqual({
      sku: 's1',
      quantity: 4,
      since: new Date('2024-05-01T10:00:00Z'),
    });
  });

  it('reads an ISO stamp', () => {
    expect(parseSince('2024-05-01T10:00:00Z').getTime()).toBe(Date.UTC(2024, 4, 1, 10));
  });
});
