// smells: none
import { describe, expect, test } from 'vitest';
import { Trie } from './trie';

describe('Trie', () => {
  const trie = new Trie(['car', 'cart', 'care', 'dog']);

  test('finds words by prefix, in order', () => {
    expect(trie.withPrefix('car')).toEqual(['car', 'care', 'cart']);
  });

  test('a prefix that is not a word is not contained', () => {
    expect(trie.has('ca')).toBe(false);
  });

  test('unknown prefixes give nothing', () => {
    expect(trie.withPrefix('x')).toEqual([]);
  });
});
