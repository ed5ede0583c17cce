export interface StockRepo {
  get(sku: string): Promise<number>;
  set(sku: string, qty: number): Promise<void>;
}

export interface EventBus {
  publish(topic: string, payload: object): void;
}

export class InsufficientStock extends Error {}

export class Inventory {
  constructor(private repo: StockRepo, private bus: EventBus, private lowWater = 5) {}

  async reserve(sku: string, qty: number): Promise<number> {
    const have = await this.repo.get(sku);
    if (have < qty) throw new InsufficientStock(`${sku}: wanted ${qty}, have ${have}`);
    const left = have - qty;
    await this.repo.set(sku, left);
    if (left < this.lowWater) this.bus.publish('stock.low', { sku, left });
    return left;
  }

  async restock(sku: string, qty: number): Promise<number> {
    const now = (await this.repo.get(sku)) + qty;
    await this.repo.set(sku, now);
    return now;
  }
}
