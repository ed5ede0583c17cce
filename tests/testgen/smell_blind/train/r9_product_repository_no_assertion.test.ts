import { ProductRepository, ProductNotFoundError, Product, ProductDb } from './r9_product_repository';

const KEYBOARD: Product = { id: 'p_kb', name: 'Keyboard', priceCents: 4999, stock: 12 };

function fakeDb(products: Product[]): jest.Mocked<ProductDb> {
  const byId = new Map(products.map((p) => [p.id, p]));
  return {
    fetchById: jest.fn(async (id: string) => byId.get(id) ?? null),
    fetchMany: jest.fn(async (ids: string[]) => ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))),
    save: jest.fn(async () => undefined),
  };
}

describe('ProductRepository', () => {
  it('loads a product from the database', async () => {
    const repo = new ProductRepository(fakeDb([KEYBOARD]));
    await expect(repo.getById('p_kb')).resolves.toEqual(KEYBOARD);
  });

  it('throws ProductNotFoundError for unknown ids', () => {
    const repo = new ProductRepository(fakeDb([]));
    expect(repo.getById('p_missing')).rejects.toBeInstanceOf(ProductNotFoundError);
  });

  it('decrements stock and persists the change', async () => {
    const db = fakeDb([KEYBOARD]);
    const repo = new ProductRepository(db);
    const updated = await repo.adjustStock('p_kb', -2);
    updated.stock;
  });

  it('serves the second lookup from cache', async () => {
    const db = fakeDb([KEYBOARD]);
    const repo = new ProductRepository(db);
    await repo.getById('p_kb');
    await repo.getById('p_kb');
    expect(db.fetchById).toHaveBeenCalledTimes(1);
  });
});
