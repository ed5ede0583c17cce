import { describe, expect, it, vi } from 'vitest';
import { Archive } from './e28c_basket';

describe('Archive with a store', () => {
  it('acknowledges the save', async () => {
    const save = vi.fn().mockResolvedValue('ok');
    await new Archive({ store: { save } }).flush([[{ price: 19.99, qty: 3 }]]);
    expect(await save([59.97])).toBe('ok');
  });

  it('saves nothing without a store', async () => {
    expect(await new Archive().flush([])).toEqual([]);
  });
});
