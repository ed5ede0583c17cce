// smells: none
import { describe, expect, it } from 'vitest';
import { Stack } from './stack';

describe('Stack', () => {
  it('pops what was pushed last', () => {
    const stack = new Stack();
    stack.push(1);
    stack.push(2);
    expect(stack.pop()).toBe(2);
    expect(stack.size).toBe(1);
  });

  it('popping an empty stack throws', () => {
    expect(() => new Stack().pop()).toThrow(/empty/);
  });
});
