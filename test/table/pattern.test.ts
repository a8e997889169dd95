import { expect } from 'chai';
import { encodeSegment } from '../../src/table/encode';
import { CompiledPattern } from '../../src/table/pattern';

const build = (source: string, values: Record<string, unknown>) =>
  new CompiledPattern(source).build(new Map(Object.entries(values)) as Map<string, string>);

describe('table/pattern', () => {
  it('lists parameters in order, marking wildcards and optional groups', () => {
    expect(new CompiledPattern('/a/:x{/:y}/*rest').params).to.deep.equal([
      { name: 'x', wildcard: false, optional: false },
      { name: 'y', wildcard: false, optional: true },
      { name: 'rest', wildcard: true, optional: false },
    ]);
  });

  it('encodes a value as one segment', () => {
    expect(build('/users/:id', { id: 'a/b?c#d' })).to.equal('/users/a%2Fb%3Fc%23d');
    expect(build('/users/:id', { id: 42 })).to.equal('/users/42');
  });

  it('refuses values that would change the URL meaning', () => {
    for (const id of ['', '.', '..', undefined, null, {}, [], NaN, Infinity, '\ud800']) {
      expect(build('/users/:id', { id }), String(id)).to.equal(null);
    }
  });

  it('keeps the slashes of a wildcard and refuses its dot and empty segments', () => {
    expect(build('/files/*path', { path: 'a/b c' })).to.equal('/files/a/b%20c');
    expect(build('/files/*path', { path: ['a/b', 'c'] })).to.equal('/files/a%2Fb/c');
    for (const path of ['a/../b', '/a', 'a//b', 'a/', [], ['a', '.']]) {
      expect(build('/files/*path', { path }), JSON.stringify(path)).to.equal(null);
    }
  });

  it('emits an optional group only when its parameters are given', () => {
    expect(build('/items{/:page}', {})).to.equal('/items');
    expect(build('/items{/:page}', { page: 'x' })).to.equal('/items/x');
  });

  it('refuses a value that has no place in the pattern', () => {
    expect(build('/items{/:page}', { other: 'x' })).to.equal(null);
    expect(build('/a{/:b{/:c}}', { c: '1' })).to.equal(null);
    expect(build('/a{/:b{/:c}}', { b: '1', c: '2' })).to.equal('/a/1/2');
  });

  it('never emits a protocol-relative path', () => {
    expect(build('//:host', { host: 'evil.com' })).to.equal('/%2Fevil.com');
  });

  it('encodeSegment returns null for lone surrogates instead of throwing', () => {
    expect(encodeSegment('\udfff')).to.equal(null);
    expect(encodeSegment('é')).to.equal('%C3%A9');
  });
});

describe('table/pattern: several captures in one segment', () => {
  it('static text beside a parameter was percent-encoded letter by letter (/w/%43:%5Cx/, /inc78/extra/%63at/)', () => {
    expect(build('/w/:d\\:%5C:p/', { d: 'C', p: 'x' })).to.equal('/w/C:%5Cx/');
    expect(build('/inc:outer/extra/:extra/', { outer: '78', extra: 'cat' })).to.equal('/inc78/extra/cat/');
  });

  it('unreserved characters in values were percent-encoded (a%2Db); a value that cannot match back whole is refused instead', () => {
    expect(build('/x/:a-:b', { a: 'a-b', b: 'c' })).to.equal('/x/a-b-c');
    expect(build('/x/:a-:b', { a: 'a', b: 'c-d' })).to.equal(null);
    expect(build('/:name.:ext', { name: 'my.file', ext: 'gz' })).to.equal('/my.file.gz');
    expect(build('/:name.:ext', { name: 'my', ext: 'tar.gz' })).to.equal(null);
    expect(build('/x/:a~:b', { a: '~%', b: 'é' })).to.equal('/x/~%25~%C3%A9');
  });

  it('leaves values alone where no segment has two captures', () => {
    expect(build('/v1.0/:name', { name: 'a.b-c' })).to.equal('/v1.0/a.b-c');
  });
  it("refuses what path-to-regexp refuses when it compiles: parameters with no text between them, too many expansions", () => {
    for (const pattern of ['/:a:b', '/:a{:b}', '/x{/:a}{:b}', '/*a:b']) expect(() => new CompiledPattern(pattern), pattern).to.throw(/Missing text before/);
    expect(() => new CompiledPattern('/x{/a}{/b}{/c}{/d}{/e}{/f}{/g}{/h}{/i}')).to.throw(/Too many path combinations/);
    for (const pattern of ['/:a-:b', '/:a{-:b}', '/x{/a}{/b}{/c}{/d}{/e}{/f}{/g}{/h}']) expect(() => new CompiledPattern(pattern), pattern).to.not.throw();
  });

  it('builds the first form, in the matcher\'s order, whose parameters are exactly the given ones', () => {
    const build = (source: string, values: Record<string, string>) => new CompiledPattern(source).build(values);
    expect(build('/a{/x}', {})).to.equal('/a/x');
    expect(build('/a{/:b}{/:c}', { c: 'z' })).to.equal('/a/z');
    expect(build('/a{/:b}{/:c}', { b: 'y', c: 'z' })).to.equal('/a/y/z');
    expect(build('/a{/:b{/x}}', { b: 'y' })).to.equal('/a/y/x');
    expect(build('/a{/:b{/:c}}', { c: 'z' })).to.equal(null);
    expect(build('/a{/:b}', { b: '' })).to.equal(null);
    expect(build('/a{/:b}', { d: 'y' })).to.equal(null);
  });
});

