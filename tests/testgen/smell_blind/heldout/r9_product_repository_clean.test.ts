import { describe, it, expect, beforeEach } from 'vitest';
import {
  ProductRepository,
  ProductNotFoundError,
  InsufficientStockError,
  Product,
  ProductDb,
} from './r9_product_repository';

const KEYBOARD: Product = { id: 'p_kb', name: 'Keyboard', priceCents: 4999, stock: 12 };
const MOUSE: Product = { id: 'p_mouse', name: 'Mouse', priceCents: 1999, stock: 3 };
const TTL_MS = 60_000;

class InMemoryProductDb implements ProductDb {
  rows = new Map<string, Product>();
  reads = 0;

  constructor(products: Product[]) {
    products.forEach((p) => this.rows.set(p.id, p));
  }

  async fetchById(id: string) {
    this.reads += 1;
    return this.rows.get(id) ?? null;
  }

  async fetchMany(ids: string[]) {
    this.reads += 1;
    return ids.flatMap((id) => (this.rows.has(id) ? [this.rows.get(id)!] : []));
  }

  async save(product: Product) {
    this.rows.set(product.id, product);
  }
}

describe('ProductRepository', () => {
  let db: InMemoryProductDb;
  let now: number;
  let repo: ProductRepository;

  beforeEach(() => {
    db = new InMemoryProductDb([KEYBOARD, MOUSE]);
    now = Date.parse('2024-06-12T10:00:00Z');
    repo = new ProductRepository(db, () => now, TTL_MS);
  });

  it('reads through the cache until the TTL expires', async () => {
    await repo.getById('p_kb');
    await repo.getById('p_kb');
    expect(db.reads).toBe(1);

    now += TTL_MS;
    await repo.getById('p_kb');
    expect(db.reads).toBe(2);
  });

  it('rejects unknown ids with ProductNotFoundError', async () => {
    await expect(repo.getById('p_missing')).rejects.toThrow(new ProductNotFoundError('p_missing'));
  });

  it('returns found products in the requested order and skips missing ones', async () => {
    const products = await repo.getMany(['p_mouse', 'p_missing', 'p_kb']);
    expect(products.map((p) => p.id)).toEqual(['p_mouse', 'p_kb']);
  });

  it('persists a stock adjustment', async () => {
    await repo.adjustStock('p_kb', -2);
    expect(db.rows.get('p_kb')?.stock).toBe(10);
  });

  it('refuses to take stock below zero', async () => {
    await expect(repo.adjustStock('p_mouse', -4)).rejects.toThrow(InsufficientStockError);
    expect(db.rows.get('p_mouse')?.stock).toBe(3);
  });
});
