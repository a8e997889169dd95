import { expect } from 'chai';
import { didYouMean } from '../../src/util/suggest';

describe('util/suggest', () => {
  it('ranks the nearest candidates first, ties alphabetically, within a third of the length', () => {
    expect(didYouMean('detial', ['detail', 'delete', 'list'])).to.deep.equal(['detail']);
    expect(didYouMean('bat', ['hat', 'cat', 'bar', 'bats', 'x'])).to.deep.equal(['bar', 'bats', 'cat']);
    expect(didYouMean('zzzzzzzz', ['name'])).to.deep.equal([]);
  });

  it('puts a case-only difference and preferred candidates first', () => {
    expect(didYouMean('TransPileOnly', ['transpileOnly', 'transpiler'], { max: 1, within: Infinity })).to.deep.equal(['transpileOnly']);
    expect(didYouMean('v1:detail', ['v2:detail', 'v1:details'], { preferred: (c) => c.endsWith(':detail') })).to.deep.equal(['v2:detail', 'v1:details']);
  });
});
