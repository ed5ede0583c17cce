import { expect } from 'chai';
import { LruMap } from './r8_lru';

describe('LruMap', () => {
  it('reports its size', () => {
    const lru = new LruMap<string, number>(3).set('x', 1);
    expect(lru.size).to.equal(1);
  });

  it('handles object keys by identity', () => {});

  it('returns the stored value', () => {
    const lru = new LruMap<string, number>(3).set('x', 7);
    expect(lru.get('x')).to.equal(7);
  });

  it('evicts in insertion order when nothing is read', () => {
    // const lru = new LruMap<string, number>(2);
    // lru.set('a', 1).set('b', 2).set('c', 3);
    // expect(lru.keys()).to.deep.equal(['b', 'c']);
  });
});
