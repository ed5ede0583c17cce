import { Inventory, UnknownSkuError } from './r10_inventory';

function inventoryWith(stock: Record<string, number>): Inventory {
  const inventory = Object.create(Inventory.prototype) as Inventory;
  inventory.available = jest.fn((sku: string) => stock[sku] ?? 0);
  inventory.reserve = jest.fn((sku: string, quantity: number) => (stock[sku] ?? 0) - quantity);
  return inventory;
}

describe('Inventory', () => {
  it('unknown sku throws', () => {
    expect(() => new Inventory().available('gear')).toThrow(UnknownSkuError);
  });

  it('reserve returns what is left to sell', () => {
    const inventory = inventoryWith({ bolt: 10 });
    expect(inventory.reserve('bolt', 3)).toBe(7);
  });

  it('available reflects received stock', () => {
    const inventory = inventoryWith({ nut: 40 });
    expect(inventory.available('nut')).toBe(40);
  });
});
