// smells: none
import { expect, test } from 'vitest';
import { slugify } from './slugify';

test('lowercases and joins words', () => {
  expect(slugify('Hello, World!')).toBe('hello-world');
});

test('slugs are stable: slugifying a slug changes nothing', () => {
  const once = slugify('Ça va? Très bien');
  expect(slugify(once)).toBe(once);
});

test('case does not matter', () => {
  expect(slugify('ABC def')).toBe(slugify('abc DEF'));
});
