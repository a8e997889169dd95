import { expect } from 'chai';
import { stateless } from '../../src/util/regexp';

describe('util/regexp', () => {
  it('drops g and y so test() gives the same answer every time, and keeps the other flags', () => {
    const sticky = stateless(/a+/giy);
    expect(sticky.flags).to.equal('i');
    expect([sticky.test('AA'), sticky.test('AA')]).to.deep.equal([true, true]);
    expect(stateless(/\d+/gu, '^(?:\\d+)$').source).to.equal('^(?:\\d+)$');
  });
});
