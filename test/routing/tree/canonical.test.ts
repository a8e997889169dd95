import { expect } from 'chai';
import { canonical } from '../../../src/routing/tree/canonical';

describe('http/tree/canonical', () => {
  it('decodes percent-escapes, keeping an encoded slash as a character of the segment', () => {
    expect(canonical('%76%31')).to.equal('v1');
    expect(canonical('caf%c3%a9')).to.equal('café');
    expect(canonical('a%2Fb')).to.equal('a/b');
    expect(canonical('plain')).to.equal('plain');
  });

  it('keeps escapes that do not decode, with upper-case hex, and decodes the others around them', () => {
    expect(canonical('100%')).to.equal('100%');
    expect(canonical('%zz%41')).to.equal('%zzA');
    expect(canonical('%c0x')).to.equal('%C0x');
  });
});
