import { expect } from 'chai';
import { InvalidArgument } from '../../src';
import { queryString, withQueryAndFragment } from '../../src/table/query';

describe('table/query', () => {
  it('appends an encoded query and fragment; a raw query string is re-encoded', () => {
    expect(withQueryAndFragment('/p', { query: { q: 'a b&c', tag: ['x', 1] }, fragment: 'top part' })).to.equal('/p?q=a+b%26c&tag=x&tag=1#top%20part');
    expect(queryString('x=1&y=<>')).to.equal('x=1&y=%3C%3E');
    expect(queryString(new URLSearchParams([['a', '1']]))).to.equal('a=1');
    expect(withQueryAndFragment('/p', { query: {} })).to.equal('/p');
  });

  it('rejects non-scalar query values', () => {
    expect(() => queryString({ nested: { a: 1 } } as never)).to.throw(InvalidArgument, '"nested"');
    expect(() => queryString({ u: undefined } as never)).to.throw(InvalidArgument);
  });
});
