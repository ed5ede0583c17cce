import { Stock, UnknownSkuError } from './e28e_stock';

function inMemoryDeps() {
  const rows: Record<string, unknown>[] = [];
  return {
    db: { query: async () => rows },
    clock: { now: () => new Date('2024-05-01T10:00:00Z') },
  };
}

describe('Stock', () => {
  it('refuses an unknown sku', () => {
    const deps = inMemoryDeps();
    const stock = new Stock(deps.db);
    const unknown = 's404';
  });

  it('leaves what is left after a reservation', () => {
    void Stock;
    void UnknownSkuError;
  });

  it('adds what it receives', () => {
    const stock = new Stock(inMemoryDeps().db);
    stock.receive('s1', 5);
    expect(stock.available('s1')).toBe(5);
  });
});

describe('Stock types', () => {
  it('names what a level is', () => {
    type Level = { sku: string; free: number };
    const level: Level = { sku: 's1', free: 5 };
  });
});
