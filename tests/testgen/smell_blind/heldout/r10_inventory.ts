export class UnknownSkuError extends Error {
  constructor(public readonly sku: string) {
    super(`unknown sku: ${sku}`);
    this.name = 'UnknownSkuError';
  }
}

export class InsufficientStockError extends Error {
  constructor(public readonly sku: string, public readonly requested: number, public readonly available: number) {
    super(`cannot reserve ${requested} of ${sku}: only ${available} available`);
    this.name = 'InsufficientStockError';
  }
}

export interface StockLevel {
  sku: string;
  onHand: number;
  reserved: number;
  available: number;
}

export class Inventory {
  private onHand = new Map<string, number>();
  private reserved = new Map<string, number>();

  receive(sku: string, quantity: number): void {
    if (!Number.isInteger(quantity) || quantity <= 0) {
      throw new RangeError('quantity must be a positive integer');
    }
    this.onHand.set(sku, (this.onHand.get(sku) ?? 0) + quantity);
  }

  available(sku: string): number {
    if (!this.onHand.has(sku)) throw new UnknownSkuError(sku);
    return this.onHand.get(sku)! - (this.reserved.get(sku) ?? 0);
  }

  reserve(sku: string, quantity: number): number {
    const free = this.available(sku);
    if (quantity > free) throw new InsufficientStockError(sku, quantity, free);
    this.reserved.set(sku, (this.reserved.get(sku) ?? 0) + quantity);
    return free - quantity;
  }

  release(sku: string, quantity: number): void {
    const held = this.reserved.get(sku) ?? 0;
    this.reserved.set(sku, Math.max(0, held - quantity));
  }

  snapshot(sku: string): StockLevel {
    const available = this.available(sku);
    return { sku, onHand: this.onHand.get(sku)!, reserved: this.reserved.get(sku) ?? 0, available };
  }
}
