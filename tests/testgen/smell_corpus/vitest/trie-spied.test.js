// smells: mocks_sut
import { expect, test, vi } from 'vitest';
import { Trie } from './trie';

test('has checks the prefix', () => {
  const trie = new Trie(['a']);
  const has = vi.spyOn(trie, 'has').mockReturnValue(true);
  expect(trie.has('zzz')).toBe(true);
  expect(has).toHaveBeenCalled();
});
