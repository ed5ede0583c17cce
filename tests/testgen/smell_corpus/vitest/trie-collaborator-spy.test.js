// smells: none
import { expect, test, vi } from 'vitest';
import { Trie } from './trie';

test('withPrefix walks nodes only once per character', () => {
  const trie = new Trie(['alpha', 'alps']);
  const step = vi.spyOn(trie.root, 'child');
  expect(trie.withPrefix('alp')).toEqual(['alpha', 'alps']);
  expect(step).toHaveBeenCalledTimes(3);
});
