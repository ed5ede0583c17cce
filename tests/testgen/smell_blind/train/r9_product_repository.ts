export interface Product {
  id: string;
  name: string;
  priceCents: number;
  stock: number;
}

export interface ProductDb {
  fetchById(id: string): Promise<Product | null>;
  fetchMany(ids: string[]): Promise<Product[]>;
  save(product: Product): Promise<void>;
}

export class ProductNotFoundError extends Error {
  constructor(public readonly productId: string) {
    super(`Product ${productId} not found`);
  }
}

export class InsufficientStockError extends Error {}

interface CacheEntry {
  product: Product;
  expiresAt: number;
}

export class ProductRepository {
  private cache = new Map<string, CacheEntry>();

  constructor(
    private readonly db: ProductDb,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = 60_000,
  ) {}

  private cached(id: string): Product | undefined {
    const entry = this.cache.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.cache.delete(id);
      return undefined;
    }
    return entry.product;
  }

  private remember(product: Product): void {
    this.cache.set(product.id, { product, expiresAt: this.now() + this.ttlMs });
  }

  async getById(id: string): Promise<Product> {
    const hit = this.cached(id);
    if (hit) return hit;
    const product = await this.db.fetchById(id);
    if (!product) throw new ProductNotFoundError(id);
    this.remember(product);
    return product;
  }

  async getMany(ids: string[]): Promise<Product[]> {
    const missing = ids.filter((id) => !this.cached(id));
    if (missing.length > 0) {
      for (const product of await this.db.fetchMany(missing)) this.remember(product);
    }
    return ids.map((id) => this.cached(id)).filter((p): p is Product => p !== undefined);
  }

  async adjustStock(id: string, delta: number): Promise<Product> {
    const product = await this.getById(id);
    const stock = product.stock + delta;
    if (stock < 0) {
      throw new InsufficientStockError(`only ${product.stock} of ${id} left`);
    }
    const updated = { ...product, stock };
    await this.db.save(updated);
    this.remember(updated);
    return updated;
  }

  invalidate(id: string): void {
    this.cache.delete(id);
  }
}
