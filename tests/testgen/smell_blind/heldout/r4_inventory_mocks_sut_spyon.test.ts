import { describe, it, expect, vi } from 'vitest';
import { Inventory } from './r4_inventory';

const repo = { get: vi.fn().mockResolvedValue(1), set: vi.fn() };
const bus = { publish: vi.fn() };

describe('Inventory', () => {
  it('restock sums quantities', async () => {
    const inv = new Inventory(repo, bus);
    await expect(inv.restock('x', 4)).resolves.toBe(5);
  });

  it('reserve returns remaining stock', async () => {
    const spy = vi.spyOn(Inventory.prototype, 'reserve').mockResolvedValue(8);
    const inv = new Inventory(repo, bus);
    await expect(inv.reserve('x', 2)).resolves.toBe(8);
    expect(spy).toHaveBeenCalledWith('x', 2);
    spy.mockRestore();
  });
});
