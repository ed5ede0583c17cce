import { describe, it, expect } from 'vitest';
import { parse, compare, satisfiesCaret, sort } from './r5_semver';

describe('parse', () => {
  it('splits a prerelease into identifiers', () => {
    expect(parse('v1.2.3-beta.4')).toEqual({ major: 1, minor: 2, patch: 3, prerelease: ['beta', '4'] });
  });

  it.each(['1.2', '01.2.3', '1.2.3.4', 'latest', ''])('rejects %j', (input) => {
    expect(() => parse(input)).toThrow(new TypeError(`Invalid version: ${input}`));
  });
});

describe('compare', () => {
  it.each([
    ['1.0.0', '2.0.0', -1],
    ['1.10.0', '1.9.0', 1],
    ['1.0.0', '1.0.0', 0],
    ['1.0.0-alpha', '1.0.0', -1],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
    ['1.0.0-beta.11', '1.0.0-beta.2', 1],
    ['1.0.0-rc.1', '1.0.0-rc.1', 0],
  ])('compare(%s, %s) === %i', (a, b, expected) => {
    expect(compare(a, b)).toBe(expected);
  });
});

describe('satisfiesCaret', () => {
  it.each([
    ['1.4.0', '^1.2.3', true],
    ['2.0.0', '^1.2.3', false],
    ['1.2.2', '^1.2.3', false],
    ['0.2.9', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['0.0.4', '^0.0.3', false],
    ['1.5.0-beta', '^1.2.3', false],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfiesCaret(version, range)).toBe(expected);
  });
});

describe('sort', () => {
  it('orders releases after their prereleases and does not mutate input', () => {
    const input = ['1.0.0', '0.9.0', '1.0.0-rc.1', '1.0.0-alpha'];
    expect(sort(input)).toEqual(['0.9.0', '1.0.0-alpha', '1.0.0-rc.1', '1.0.0']);
    expect(input[0]).toBe('1.0.0');
  });
});
