import { expect } from 'chai';
import { Controller, Get, NoReverseMatch, InvalidArgument } from '../../src';
import { app as reliabilityApp } from './helpers';

@Controller()
class Routes {
  @Get('/users/:id', 'user') user() {}
  @Get('/:a/:b', 'pair') pair() {}
  @Get('/files/*path', 'files') files() {}
  @Get('/items{/:page}', 'opt') opt() {}
}

const made = reliabilityApp({ routes: [Routes] });
const url = made.url.bind(made);

/** Hostile input (docs/reference/hostile-input.md): reversal, and redirects built from reversed URLs. */
describe('reliability: reversal', () => {
  it("2.7: url('user', {id: 'a/b'}) keeps the slash inside the segment", () => {
    expect(url('user', { id: 'a/b' })).to.equal('/users/a%2Fb');
  });

  it('2.7: query, markup, spaces, plus, unicode and escapes are encoded', () => {
    const cases: [string, string][] = [['?x=1#h', '%3Fx%3D1%23h'], ['<script>', '%3Cscript%3E'], ['a b', 'a%20b'], ['a+b', 'a%2Bb'], ['é', '%C3%A9'], ['%2F', '%252F']];
    for (const [id, encoded] of cases) expect(url('user', { id })).to.equal(`/users/${encoded}`);
  });

  it("2.7: '..' and '.' throw NoReverseMatch (WHATWG resolves even %2e%2e)", () => {
    for (const id of ['..', '.']) expect(() => url('user', { id })).to.throw(NoReverseMatch);
  });

  it("2.7: an empty first parameter never yields '//evil.com'", () => {
    expect(() => url('pair', { a: '', b: 'evil.com' })).to.throw(NoReverseMatch);
    expect(() => url('user', { id: '' })).to.throw(NoReverseMatch);
  });

  it('2.7: undefined, null and objects throw a typed error; a missing parameter too', () => {
    for (const id of [undefined, null, {}]) expect(() => url('user', { id: id as never })).to.throw(NoReverseMatch);
    expect(() => url('user', {})).to.throw(NoReverseMatch);
  });

  it('2.7: a lone surrogate throws NoReverseMatch, not URIError', () => {
    expect(() => url('user', { id: '\ud800' })).to.throw(NoReverseMatch);
  });

  it('2.7: wildcards take arrays, and refuse dot segments', () => {
    expect(url('files', { path: ['a', 'b'] })).to.equal('/files/a/b');
    expect(() => url('files', { path: ['..', '..', 'etc'] })).to.throw(NoReverseMatch);
  });

  it('2.7: an optional group is emitted when its parameter is given; unknown parameters throw', () => {
    expect(url('opt', { page: 'x' })).to.equal('/items/x');
    expect(() => url('opt', { other: 'x' })).to.throw(NoReverseMatch);
  });

  it('2.7: non-scalar query values are refused; a raw query string is re-encoded', () => {
    expect(() => url('user', { id: 1 }, { query: { nested: { a: 1 } } as never })).to.throw(InvalidArgument);
    expect(url('user', { id: 1 }, { query: 'x=1&y=<>' })).to.equal('/users/1?x=1&y=%3C%3E');
  });

  it("2.7: url('nope') throws NoReverseMatch naming the route", () => {
    expect(() => url('nope')).to.throw(NoReverseMatch, "'nope'");
  });

  it('R1: a reversed path is same-origin: one "/" then neither "/" nor "\\\\"', () => {
    for (const id of ['/evil.com', '\\evil.com', '//x', 'a']) {
      const path = url('user', { id });
      expect(path, id).to.match(/^\/[^/\\]/);
    }
    expect(url('files', { path: 'a/b' })).to.match(/^\/[^/\\]/);
  });
});
