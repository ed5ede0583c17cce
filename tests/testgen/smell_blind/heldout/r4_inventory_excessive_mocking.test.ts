import { Inventory, StockRepo, EventBus } from './r4_inventory';

describe('Inventory.reserve', () => {
  it('orchestrates', async () => {
    const repo = { get: jest.fn(), set: jest.fn() } as jest.Mocked<StockRepo>;
    const bus = { publish: jest.fn() } as jest.Mocked<EventBus>;
    const have = { valueOf: jest.fn(() => 3) } as unknown as number;
    const qty = { valueOf: jest.fn(() => 1) } as unknown as number;
    repo.get.mockResolvedValue(have);
    repo.set.mockResolvedValue(undefined);
    bus.publish.mockImplementation(() => undefined);
    const lowWater = { valueOf: jest.fn(() => 100) } as unknown as number;
    const inv = new Inventory(repo, bus, lowWater);
    await inv.reserve('sku', qty);
    expect(repo.get).toHaveBeenCalledWith('sku');
    expect(repo.set).toHaveBeenCalledTimes(1);
    expect(bus.publish).toHaveBeenCalledTimes(1);
    expect((have as any).valueOf).toHaveBeenCalled();
    expect((qty as any).valueOf).toHaveBeenCalled();
    expect((lowWater as any).valueOf).toHaveBeenCalled();
  });
});
