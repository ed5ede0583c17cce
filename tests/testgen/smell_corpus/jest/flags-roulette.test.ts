// smells: assertion_roulette
import { Flags } from './flags';

it('flag evaluation', () => {
  const flags = new Flags({ beta: 50, dark: 100 });
  expect(flags.isOn('dark', 'u1')).toBeTruthy();
  expect(flags.isOn('missing', 'u1')).toBeFalsy();
  expect(Flags.hash('beta', 'u1')).toBeLessThan(100);
  expect(Object.keys(flags.all())).toHaveLength(2);
  expect(flags.percent('beta')).toBe(50);
  expect(JSON.stringify(flags)).toContain('beta');
});
