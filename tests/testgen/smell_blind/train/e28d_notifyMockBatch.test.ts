import { expect, test, vi } from 'vitest';
import { Notifier } from './e28d_notify';

test('an urgent notice goes everywhere', () => {
  const [mail, sms, audit, metrics, clock, tracer, store] = Array.from({ length: 7 }, () => vi.fn());
  new Notifier({ send: mail }, { send: sms }, []).notify(7, 'shipped', true);
  expect(mail).toHaveBeenCalledTimes(1);
  expect(sms).toHaveBeenCalledTimes(1);
  expect(audit).not.toHaveBeenCalled();
  expect(metrics).not.toHaveBeenCalled();
  expect(clock).not.toHaveBeenCalled();
  expect(tracer).not.toHaveBeenCalled();
  expect(store).not.toHaveBeenCalled();
});
