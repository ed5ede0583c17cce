import test from 'node:test';
import assert from 'node:assert/strict';
import { parseIni, ParseError, Config } from './r4_parser';

function assertParses(text: string, expected: Config): void {
  assert.deepEqual(parseIni(text), expected, `parsing ${JSON.stringify(text)}`);
}

test('sections and types', () => {
  assertParses('[server]\nport=8080\nhost="localhost"\ndebug=false', {
    server: { port: 8080, host: 'localhost', debug: false },
  });
});

test('comments and blank lines are skipped', () => {
  assertParses('# c\n; c\n\n[a]\nx=1', { a: { x: 1 } });
});

test('empty section is kept', () => {
  assertParses('[empty]', { empty: {} });
});

test('negative and decimal numbers', () => {
  assertParses('t=-4.5', { default: { t: -4.5 } });
});

test('missing equals reports line number', () => {
  assert.throws(() => parseIni('[a]\nx=1\nbroken'), (err: unknown) => {
    assert.ok(err instanceof ParseError);
    assert.equal(err.line, 3);
    assert.match(err.message, /expected key=value, got "broken"/);
    return true;
  });
});
