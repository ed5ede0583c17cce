// smells: none
import { describe, it } from 'vitest';
import { expect } from 'chai';
import { Stack } from './stack';

describe('Stack (chai)', () => {
  it('is empty when new', () => {
    expect(new Stack().isEmpty()).to.be.true;
  });

  it('peek does not remove', () => {
    const stack = new Stack();
    stack.push('a');
    expect(stack.peek()).to.equal('a');
    expect(stack.size).to.equal(1);
  });
});
