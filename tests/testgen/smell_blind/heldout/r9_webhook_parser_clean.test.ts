import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { verifyAndParse, parseSignatureHeader, SignatureError, PayloadError, sign } from './r9_webhook_parser';

const SECRET = 'whsec_test';
const PAYLOAD = '{"id":"evt_1","type":"invoice.paid","created":1718200000,"data":{"amount":4200}}';
const SIGNED_AT = 1718200000; // 2024-06-12T13:46:40Z, same as "created"
// Reference HMAC-SHA256 computed independently (Python hmac) for SECRET and `${SIGNED_AT}.${PAYLOAD}`.
const VALID_SIGNATURE = 'efbb74f2cc73ef0b1a8f5cc653946c5ae24a5b44c95abf7d5b555ea13d5895a9';
const VALID_HEADER = `t=${SIGNED_AT},v1=${VALID_SIGNATURE}`;

describe('sign', () => {
  it('matches the reference signature', () => {
    assert.equal(sign(PAYLOAD, SECRET, SIGNED_AT), VALID_SIGNATURE);
  });
});

describe('verifyAndParse', () => {
  it('returns the typed event for a valid signature', () => {
    assert.deepEqual(verifyAndParse(PAYLOAD, VALID_HEADER, SECRET, SIGNED_AT), {
      id: 'evt_1',
      type: 'invoice.paid',
      createdAt: new Date('2024-06-12T13:46:40Z'),
      data: { amount: 4200 },
    });
  });

  it('accepts the event when any of several v1 signatures matches', () => {
    const header = `t=${SIGNED_AT},v1=${'0'.repeat(64)},v1=${VALID_SIGNATURE}`;
    assert.equal(verifyAndParse(PAYLOAD, header, SECRET, SIGNED_AT).id, 'evt_1');
  });

  it('rejects a payload that was changed after signing', () => {
    const tampered = PAYLOAD.replace('4200', '9999');
    assert.throws(() => verifyAndParse(tampered, VALID_HEADER, SECRET, SIGNED_AT), new SignatureError('signature mismatch'));
  });

  it('rejects a timestamp older than the tolerance', () => {
    const sixMinutesLater = SIGNED_AT + 6 * 60;
    assert.throws(() => verifyAndParse(PAYLOAD, VALID_HEADER, SECRET, sixMinutesLater), new SignatureError('timestamp outside tolerance'));
  });

  it('rejects a signed body that is not JSON', () => {
    const body = 'not json';
    const header = `t=${SIGNED_AT},v1=${sign(body, SECRET, SIGNED_AT)}`;
    assert.throws(() => verifyAndParse(body, header, SECRET, SIGNED_AT), PayloadError);
  });
});

describe('parseSignatureHeader', () => {
  it('requires at least one v1 signature', () => {
    assert.throws(() => parseSignatureHeader(`t=${SIGNED_AT}`), new SignatureError('malformed signature header'));
  });
});
