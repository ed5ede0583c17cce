export interface StockSnapshot {
  sku: string;
  onHand: number;
  reserved: number;
  available: number;
}

export class StockLedger {
  private onHand = new Map<string, number>();
  private reserved = new Map<string, number>();

  receive(sku: string, qty: number): void {
    this.onHand.set(sku, (this.onHand.get(sku) ?? 0) + qty);
  }

  reserve(sku: string, qty: number): void {
    if (qty > this.available(sku)) {
      throw new Error(`cannot reserve ${qty} of ${sku}; ${this.available(sku)} available`);
    }
    this.reserved.set(sku, (this.reserved.get(sku) ?? 0) + qty);
  }

  available(sku: string): number {
    return (this.onHand.get(sku) ?? 0) - (this.reserved.get(sku) ?? 0);
  }

  snapshot(sku: string): StockSnapshot {
    const onHand = this.onHand.get(sku) ?? 0;
    const reserved = this.reserved.get(sku) ?? 0;
    return { sku, onHand, reserved, available: onHand - reserved };
  }
}
