export class Catalog {
  private prices = new Map<string, number>();
  set(sku: string, price: number) { this.prices.set(sku, price); }
  price(sku: string): number {
    const found = this.prices.get(sku);
    if (found === undefined) throw new Error(`unknown sku ${sku}`);
    return found;
  }
}

export class Basket {
  private lines: [string, number][] = [];
  constructor(private catalog: Catalog) {}
  add(sku: string, qty = 1) { this.lines.push([sku, qty]); }
  total(): number {
    return this.lines.reduce((sum, [sku, qty]) => sum + this.catalog.price(sku) * qty, 0);
  }
}
