import { Door } from './e28d_door.js';

describe('Door', () => {
  it('opens and closes', () => {
    const door = new Door();
    door.move('open');
    expect(door.move('close')).toBe('closed');
  });

  it('stays locked when opened', () => {
    const door = new Door();
    door.move('lock');
    expect(() => door.move('open')).toThrow('cannot open a locked door');
    expect(door.state).toBe('locked');
    // unlocking has a test of its own
  });
});
