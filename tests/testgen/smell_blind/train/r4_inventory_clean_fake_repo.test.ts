import { Inventory, InsufficientStock, StockRepo } from './r4_inventory';

class MemoryRepo implements StockRepo {
  constructor(public data: Record<string, number> = {}) {}
  async get(sku: string) { return this.data[sku] ?? 0; }
  async set(sku: string, qty: number) { this.data[sku] = qty; }
}

describe('Inventory', () => {
  let repo: MemoryRepo;
  let bus: { publish: jest.Mock };
  let inv: Inventory;

  beforeEach(() => {
    repo = new MemoryRepo({ apple: 10, pear: 2 });
    bus = { publish: jest.fn() };
    inv = new Inventory(repo, bus, 5);
  });

  test('reserve decrements stock', async () => {
    await expect(inv.reserve('apple', 3)).resolves.toBe(7);
    expect(repo.data.apple).toBe(7);
    expect(bus.publish).not.toHaveBeenCalled();
  });

  test('publishes low-stock event under the low-water mark', async () => {
    await inv.reserve('apple', 6);
    expect(bus.publish).toHaveBeenCalledWith('stock.low', { sku: 'apple', left: 4 });
  });

  test('insufficient stock leaves repo untouched', async () => {
    await expect(inv.reserve('pear', 3)).rejects.toThrow(new InsufficientStock('pear: wanted 3, have 2'));
    expect(repo.data.pear).toBe(2);
  });

  test('restock adds to unknown sku', async () => {
    await expect(inv.restock('kiwi', 4)).resolves.toBe(4);
  });
});
