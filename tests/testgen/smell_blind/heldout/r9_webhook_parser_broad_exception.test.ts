import { expect } from 'chai';
import { verifyAndParse, parseSignatureHeader } from './r9_webhook_parser';

const SECRET = 'whsec_test';
const PAYLOAD = '{"id":"evt_1","type":"invoice.paid","created":1718200000,"data":{"amount":4200}}';
const SIGNED_AT = 1718200000; // same instant as "created" in PAYLOAD
const VALID_SIGNATURE = 'efbb74f2cc73ef0b1a8f5cc653946c5ae24a5b44c95abf7d5b555ea13d5895a9';
const FIVE_MINUTES = 300;

describe('verifyAndParse', () => {
  it('returns the event for a correctly signed payload', () => {
    const event = verifyAndParse(PAYLOAD, `t=${SIGNED_AT},v1=${VALID_SIGNATURE}`, SECRET, SIGNED_AT);
    expect(event).to.deep.equal({
      id: 'evt_1',
      type: 'invoice.paid',
      createdAt: new Date('2024-06-12T13:46:40Z'),
      data: { amount: 4200 },
    });
  });

  it('fails for a tampered payload', () => {
    const tampered = PAYLOAD.replace('4200', '9999');
    expect(() => verifyAndParse(tampered, `t=${SIGNED_AT},v1=${VALID_SIGNATURE}`, SECRET, SIGNED_AT)).to.throw();
  });

  it('fails for a stale timestamp', () => {
    const later = SIGNED_AT + FIVE_MINUTES + 1;
    expect(() => verifyAndParse(PAYLOAD, `t=${SIGNED_AT},v1=${VALID_SIGNATURE}`, SECRET, later)).to.throw();
  });

  it('fails for a header without signatures', () => {
    expect(() => parseSignatureHeader(`t=${SIGNED_AT}`)).to.throw();
  });
});
