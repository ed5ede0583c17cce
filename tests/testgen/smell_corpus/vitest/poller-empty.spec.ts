// smells: empty_test
import { describe, it } from 'vitest';

describe('Poller', () => {
  it('backs off after errors', () => {});
  it.skip('stops after too many errors', () => {
    // later
  });
});
