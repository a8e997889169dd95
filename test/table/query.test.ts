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

  it("regression: '~' was re-encoded as %7E and '*' left bare; unreserved stay, '*' is %2A as Django's urlencode writes it", () => {
    expect(queryString({ version: 'a~b', star: '*', mix: "a-b_c.d!'()" })).to.equal('version=a~b&star=%2A&mix=a-b_c.d%21%27%28%29');
    expect(queryString('version=a%7Eb&x=*')).to.equal('version=a~b&x=%2A');
    expect(queryString(new URLSearchParams({ 'k~*': 'é ☃' }))).to.equal('k~%2A=%C3%A9+%E2%98%83');
  });

  it("regression: fragment: '' was dropped; it yields a trailing '#' (Django 5.2)", () => {
    expect(withQueryAndFragment('/p', { fragment: '' })).to.equal('/p#');
    expect(withQueryAndFragment('/p', { query: { a: '1' }, fragment: '' })).to.equal('/p?a=1#');
  });

  it('regression: query [1, 3, 5] became ?0=1&1=3&2=5 and a Set was dropped; only a plain object, URLSearchParams or string is accepted', () => {
    for (const query of [[1, 3, 5], new Set([1, 2]), new Map([['a', '1']]), new Date(0), new (class Query {})(), 42, null]) {
      let thrown: unknown;
      try {
        queryString(query as never);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, String(query)).to.be.instanceOf(InvalidArgument);
      expect((thrown as InvalidArgument).code).to.equal('INVALID_ARGUMENT');
    }
    expect(queryString(Object.assign(Object.create(null), { a: '1' }))).to.equal('a=1');
  });
});
