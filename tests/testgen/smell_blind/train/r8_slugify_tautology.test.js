import { describe, it, expect } from 'vitest';
import { slugify, uniqueSlug, MAX_LENGTH } from './r8_slugify';

describe('slugify', () => {
  it('turns spaces into dashes', () => {
    expect(slugify('a b c')).toBe('a-b-c');
  });

  it('handles titles with punctuation', () => {
    const title = 'Why Rust? A (Short) Story: Part 2';
    const expected = title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
    expect(slugify(title)).toBe(expected);
  });

  it('never exceeds the maximum length', () => {
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(MAX_LENGTH);
  });

  it('uniqueSlug builds on slugify', () => {
    const taken = new Set([slugify('Hello There')]);
    expect(uniqueSlug('Hello There', taken)).toBe(`${slugify('Hello There')}-2`);
  });
});
