import { expect, test, vi } from 'vitest';
import * as notify from './e28d_notify';
import { Notifier } from './e28d_notify';

test('the title goes to mail and log', () => {
  vi.spyOn(notify, 'subjectLine').mockReturnValue('T');
  const mail = { send: vi.fn() };
  const log: string[] = [];
  new Notifier(mail, { send: vi.fn() }, log).notify(7, 'shipped');
  expect(mail.send).toHaveBeenCalledWith('T');
  expect(log).toEqual(['T']);
});
