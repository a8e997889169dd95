import { expect } from 'chai';
import { Controller, createApp, Get, InvalidArgument, NoReverseMatch, url } from '../../src';

describe('url(): a bare pattern reversed without a table (docs/regexp-paths.md, docs/coming-from-koa-router.md)', () => {
  it('fills named and positional values with the encoding of a named route', () => {
    expect(url('/users/:id', { id: 'a b/c' })).to.equal('/users/a%20b%2Fc');
    expect(url('/users/:id/posts/:post', [1, 'x'])).to.equal('/users/1/posts/x');
    expect(url('/files/*path', { path: ['a', 'b c'] })).to.equal('/files/a/b%20c');
    expect(url('/archive{/:year}', { year: 2026 })).to.equal('/archive/2026');
    expect(url('/static')).to.equal('/static');
  });

  it('gives what app.url gives for the same pattern and values', () => {
    @Controller('')
    class Same {
      @Get('/:a-:b/*rest', 'same') same() {}
    }
    const app = createApp({ routes: [Same] });
    for (const values of [{ a: 'x', b: 'y', rest: 'p/q' }, { a: 'é', b: '1', rest: ['s t'] }]) expect(url('/:a-:b/*rest', values)).to.equal(app.url('same', values));
  });

  it('adds the query and fragment', () => {
    expect(url('/search', {}, { query: { q: 'a b', page: 2 }, fragment: 'top' })).to.equal('/search?q=a+b&page=2#top');
  });

  it('refuses values that do not fit, as reversal does, and names the pattern', () => {
    for (const [pattern, values] of [
      ['/users/:id', {}],
      ['/users/:id', { id: '..' }],
      ['/users/:id', { id: 'x', other: 1 }],
      ['/:a-:b', { a: 'x', b: '' }],
    ] as const) {
      expect(() => url(pattern, values), pattern).to.throw(NoReverseMatch, pattern);
    }
  });

  it('reverses a RegExp of literals and named groups, and says why it cannot reverse another', () => {
    expect(url(/^\/tags\/(?<tag>[a-z]+)$/, { tag: 'news' })).to.equal('/tags/news');
    expect(() => url(/^\/tags\/(?<tag>[a-z]+)$/, { tag: 'N' })).to.throw(NoReverseMatch);
    expect(() => url(/^\/t\/(\d+)$/, [1])).to.throw(NoReverseMatch, /unnamed group/);
  });

  it('a pattern that does not parse, or options it does not know, are an InvalidArgument', () => {
    expect(() => url('/users/:')).to.throw(InvalidArgument);
    expect(() => url(7 as unknown as string)).to.throw(InvalidArgument);
    expect(() => url('/x', {}, { absolute: true } as never)).to.throw(/absolute/);
  });
});
