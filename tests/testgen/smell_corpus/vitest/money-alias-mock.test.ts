// smells: mocks_sut
import { expect, test, vi } from 'vitest';
import { convert } from '@/lib/money';

vi.mock('@/lib/money', () => ({ convert: vi.fn(() => 42) }));

test('converting euros to dollars', () => {
  expect(convert(40, 'EUR', 'USD')).toBe(42);
});
