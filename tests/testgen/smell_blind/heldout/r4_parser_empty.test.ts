import { expect } from 'chai';
import { parseIni } from './r4_parser';

describe('parseIni', () => {
  it('puts keys before any section into default', () => {
    expect(parseIni('a=1')).to.deep.equal({ default: { a: 1 } });
  });

  it('handles CRLF line endings', () => {
    // const cfg = parseIni('[s]\r\nk=v\r\n');
    // expect(cfg.s.k).to.equal('v');
  });

  it('coerces booleans', () => {
    expect(parseIni('[f]\non=true\noff=false')).to.deep.equal({ f: { on: true, off: false } });
  });
});
