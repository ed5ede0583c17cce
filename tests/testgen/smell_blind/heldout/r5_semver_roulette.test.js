const test = require('node:test');
const assert = require('node:assert');
const semver = require('./r5_semver');

test('parse strips a leading v', () => {
  assert.deepStrictEqual(semver.parse('v2.0.1'), { major: 2, minor: 0, patch: 1, prerelease: [] });
});

test('semver', () => {
  assert.strictEqual(semver.compare('1.2.3', '1.2.4'), -1);
  assert.strictEqual(semver.compare('2.0.0', '1.99.99'), 1);
  assert.ok(semver.satisfiesCaret('1.9.9', '^1.0.0'));
  assert.ok(!semver.satisfiesCaret('0.3.0', '^0.2.0'));
  assert.deepStrictEqual(semver.sort(['3.0.0', '1.0.0']), ['1.0.0', '3.0.0']);
  assert.throws(() => semver.parse('nope'), TypeError);
  assert.strictEqual(semver.parse('1.2.3-rc.1').prerelease.length, 2);
  assert.strictEqual(semver.compare('1.0.0-alpha', '1.0.0-alpha'), 0);
  assert.ok(semver.compare('1.0.0', '1.0.0-rc.1') > 0);
  assert.strictEqual(semver.parse(' 4.5.6 ').minor, 5);
  assert.ok(semver.satisfiesCaret('0.0.3', '^0.0.3'));
});

test('compare orders numeric prerelease identifiers numerically', () => {
  assert.strictEqual(semver.compare('1.0.0-2', '1.0.0-10'), -1);
});
