import { expect } from 'chai';
import { PrefixIndex } from '../../src/http/prefix-index';

describe('http/prefix-index', () => {
  it('returns the values whose static prefix the path has, in insertion order across depths', () => {
    const index = new PrefixIndex<string>();
    index.add([], 'root-1');
    index.add(['a'], 'a-1');
    index.add(['a', 'b'], 'ab-1');
    index.add([], 'root-2');
    index.add(['c'], 'c-1');
    index.add(['a'], 'a-2');
    expect(index.lookup('/a/b/c')).to.deep.equal(['root-1', 'a-1', 'ab-1', 'root-2', 'a-2']);
    expect(index.lookup('/a/')).to.deep.equal(['root-1', 'a-1', 'root-2', 'a-2']);
    expect(index.lookup('/c')).to.deep.equal(['root-1', 'root-2', 'c-1']);
    expect(index.lookup('/A/b')).to.deep.equal(['root-1', 'root-2']);
    expect(index.lookup('/')).to.deep.equal(['root-1', 'root-2']);
  });

  it('looks keys up in a Map: prototype names are plain segments', () => {
    const index = new PrefixIndex<string>();
    index.add(['constructor'], 'c');
    expect(index.lookup('/__proto__/x')).to.deep.equal([]);
    expect(index.lookup('/constructor')).to.deep.equal(['c']);
  });
});
