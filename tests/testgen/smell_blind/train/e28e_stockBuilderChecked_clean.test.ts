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

    expect(() => stock.available(unknown)).toThrow(UnknownSkuError);
  });

  it('leaves what is left after a reservation', () => {
    const stock = new Stock(inMemoryDeps().db);
    stock.receive('s1', 5);

    expect(stock.reserve('s1', 2)).toBe(3);
  });
});

describe('Stock types', () => {
  it('reports a level as a number', () => {
    type Level = { sku: string; free: number };
    const stock = new Stock(inMemoryDeps().db);
    stock.receive('s1', 5);
    const level: Level = { sku: 's1', free: stock.available('s1') };
    expect(level).toEqual({ sku: 's1', free: 5 });
  });
});
