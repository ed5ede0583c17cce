import { Stock } from './e28e_stock';

function stockWith(levels: Record<string, number>): Stock {
  const stock = Object.create(Stock.prototype) as Stock;
  stock.available = jest.fn((sku: string) => levels[sku] ?? 0);
  stock.reserve = jest.fn((sku: string, quantity: number) => (levels[sku] ?? 0) - quantity);
  return stock;
}

describe('Stock', () => {
  it('adds what it receives', () => {
    const stock = new Stock();
    stock.receive('s1', 5);
    expect(stock.available('s1')).toBe(5);
  });

  it('returns what is left after a reservation', () => {
    const stock = stockWith({ s1: 10 });
    expect(stock.reserve('s1', 3)).toBe(7);
  });
});
