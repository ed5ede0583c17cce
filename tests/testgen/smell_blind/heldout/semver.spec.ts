import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion } from './semver';

describe('compareVersions', () => {
  it.each([
    ['1.0.0', '1.0.0', 0],
    ['1.2.3', '1.2.10', -1],
    ['2.0.0', '1.99.99', 1],
    ['2.0.0-beta', '2.0.0', -1],
    ['1.0.0-alpha', '1.0.0-beta', -1],
    ['v1.4.0', '1.4.0', 0],
  ])('compareVersions(%s, %s) = %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });
});

describe('parseVersion', () => {
  it('extracts numeric parts and prerelease tag', () => {
    expect(parseVersion('3.4.5-rc.1')).toEqual({ major: 3, minor: 4, patch: 5, prerelease: 'rc.1' });
  });

  it('rejects a two-part version with a SyntaxError', () => {
    expect(() => parseVersion('1.0')).toThrow(new SyntaxError('not a semantic version: 1.0'));
  });
});
