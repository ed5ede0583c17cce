import { expect, test } from 'vitest';
import { compareVersions, parseVersion } from './semver';

test('semver', () => {
  expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
  expect(compareVersions('1.2.3', '1.2.10')).toBe(-1);
  expect(compareVersions('2.0.0', '1.99.99')).toBe(1);
  expect(compareVersions('2.0.0-beta', '2.0.0')).toBe(-1);
  expect(compareVersions('2.0.0', '2.0.0-beta')).toBe(1);
  expect(compareVersions('1.0.0-alpha', '1.0.0-beta')).toBe(-1);
  expect(compareVersions('v1.0.0', '1.0.0')).toBe(0);
  expect(parseVersion('3.4.5').minor).toBe(4);
  expect(parseVersion('1.0.0-rc.1').prerelease).toBe('rc.1');
  expect(parseVersion('1.0.0').prerelease).toBeNull();
  expect(() => parseVersion('1.0')).toThrow(SyntaxError);
});
