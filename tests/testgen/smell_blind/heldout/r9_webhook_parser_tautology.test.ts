import { describe, it, expect } from 'vitest';
import { createHmac } from 'node:crypto';
import { sign, verifyAndParse, parseSignatureHeader } from './r9_webhook_parser';

const SECRET = 'whsec_test';
const SIGNED_AT = 1718200000;
const PAYLOAD = JSON.stringify({ id: 'evt_1', type: 'invoice.paid', created: SIGNED_AT, data: { amount: 4200 } });

describe('sign', () => {
  it('produces an HMAC-SHA256 of timestamp and payload', () => {
    const expected = createHmac('sha256', SECRET).update(`${SIGNED_AT}.${PAYLOAD}`).digest('hex');
    expect(sign(PAYLOAD, SECRET, SIGNED_AT)).toBe(expected);
  });
});

describe('verifyAndParse', () => {
  it('converts created seconds to a Date', () => {
    const header = `t=${SIGNED_AT},v1=${sign(PAYLOAD, SECRET, SIGNED_AT)}`;
    const event = verifyAndParse(PAYLOAD, header, SECRET, SIGNED_AT);
    const body = JSON.parse(PAYLOAD);
    expect(event.createdAt).toEqual(new Date(body.created * 1000));
    expect(event.data).toEqual(body.data ?? {});
  });
});

describe('parseSignatureHeader', () => {
  it('round-trips the header', () => {
    const header = `t=${SIGNED_AT},v1=${sign(PAYLOAD, SECRET, SIGNED_AT)}`;
    expect(parseSignatureHeader(header)).toEqual(parseSignatureHeader(header));
  });
});
