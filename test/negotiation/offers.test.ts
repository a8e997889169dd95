import { expect } from 'chai';
import { NEGOTIATION_MEMO_CHARS, Offers } from '../../src/negotiation/offers';
import { JSONRenderer } from '../../src/negotiation/renderers';

describe('negotiation/offers: the memo', () => {
  it('regression: bounded by count only, 64 Accept values of 1 MB (raised maxHeaderSize) kept 64 MB; now by size too', () => {
    const offers = new Offers([JSONRenderer]);
    for (let i = 0; i < 64; i++) {
      const result = offers.accept(`application/json; version=${i}, ${'x'.repeat(2 ** 20)}`);
      expect(result.accepted.params.get('version')).to.equal(String(i));
    }
    expect([offers.remembered, offers.rememberedChars]).to.deep.equal([0, 0]);
    for (let i = 0; i < 64; i++) {
      const result = offers.accept(`application/json; version=${i}; pad=${'x'.repeat(3000)}`);
      expect(result.accepted.params.get('version')).to.equal(String(i));
      expect(offers.rememberedChars).to.be.at.most(NEGOTIATION_MEMO_CHARS);
    }
    expect(offers.remembered).to.be.above(0).and.below(64);
    expect(offers.accept('application/json; version=63; pad=' + 'x'.repeat(3000)).accepted.params.get('version')).to.equal('63');
  });
});
