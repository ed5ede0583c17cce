import { Dispatcher } from './e28b_dispatch.js';

function makeDeps(inStock: string[]) {
  const entries: unknown[][] = [];
  return {
    entries,
    stock: { reserve: async (sku: string) => inStock.includes(sku) },
    rates: { quote: vi.fn(async (_c: string, n: number) => 2.5 * n) },
    carrier: { book: vi.fn(async () => 'TRK9') },
    labels: { render: (order: string, tracking: string) => `${order}/${tracking}` },
    audit: { record: (...entry: unknown[]) => entries.push(entry) },
  };
}

describe('Dispatcher', () => {
  it('sends what is in stock', async () => {
    const deps = makeDeps(['pen', 'pad']);
    const result = await new Dispatcher(deps).dispatch('A1', ['pen', 'pad'], 'NL');
    expect(result).toEqual({ order: 'A1', status: 'sent', price: 5, tracking: 'TRK9', label: 'A1/TRK9' });
    expect(deps.carrier.book).toHaveBeenCalledWith('A1', 'NL');
  });

  it('reports what is missing and books nothing', async () => {
    const deps = makeDeps(['pen']);
    const result = await new Dispatcher(deps).dispatch('A2', ['pen', 'pad'], 'NL');
    expect(result.missing).toEqual(['pad']);
    expect(deps.carrier.book).not.toHaveBeenCalled();
  });
});
