import { expect } from 'chai';
import { parseMediaType, precedence, satisfies, splitOutsideQuotes } from '../../src/negotiation/media-type';

describe('negotiation/media-type', () => {
  it('parses type, subtype and parameters as DRF does', () => {
    const media = parseMediaType('Application/JSON; Version="a;b"; indent=4; broken; q=0.5');
    expect([media.full, media.main, media.sub]).to.deep.equal(['application/json', 'application', 'json']);
    expect([...media.params]).to.deep.equal([['version', 'a;b'], ['indent', '4'], ['q', '0.5']]);
    expect(parseMediaType('').full).to.equal('');
    expect(parseMediaType('text').sub).to.equal('');
  });

  it('splits outside quoted strings, honouring backslash escapes', () => {
    expect(splitOutsideQuotes('a="x,\\"y", b', ',')).to.deep.equal(['a="x,\\"y"', ' b']);
  });

  it('ranks precedence: */* 0, type/* 1, plain 2, parameters 3', () => {
    expect(['*/*', 'text/*', 'text/html; q=1', 'text/html; level=1'].map((t) => precedence(parseMediaType(t)))).to.deep.equal([0, 1, 2, 3]);
  });

  it('an offer satisfies a range when its own parameters are all in the range', () => {
    const json = parseMediaType('application/json');
    expect(satisfies(json, parseMediaType('application/json; version=1'))).to.equal(true);
    expect(satisfies(parseMediaType('application/json; charset=utf-8'), parseMediaType('application/json'))).to.equal(false);
    expect(satisfies(json, parseMediaType('*/*'))).to.equal(true);
    expect(satisfies(json, parseMediaType('text/*'))).to.equal(false);
  });

  it('decodes RFC 2231 values in UTF-8 and ISO-8859-1 (bytes that are not UTF-8 are no value, as in DRF)', () => {
    expect(parseMediaType("a/b; v*=utf-8''%E2%98%83").params.get('v')).to.equal('☃');
    expect(parseMediaType("a/b; v*=UTF-8'en'v%32").params.get('v')).to.equal('v2');
    expect(parseMediaType("a/b; v*=iso-8859-1''%E9").params.get('v')).to.equal('é');
    expect(parseMediaType("a/b; v*=utf-8''%E0%A4%A").params.has('v')).to.equal(false);
    expect(parseMediaType("a/b; v=1; v*=utf-8''%E9").params.get('v')).to.equal('1');
    expect(parseMediaType("a/b; v*=no-quotes").params.get('v')).to.equal('no-quotes');
  });

  it("regression: version*=bogus''v1 was kept as the version; another charset is refused, not guessed", () => {
    for (const charset of ['bogus', 'us-ascii', '', 'utf-16']) {
      const media = parseMediaType(`a/b; v*=${charset}''v1; w=2`);
      expect([media.refused?.has('v'), media.params.get('w'), precedence(media)], charset).to.deep.equal([true, '2', 3]);
    }
    expect(parseMediaType("a/b; v*=bogus''v1; v=2").refused?.has('v') ?? false).to.equal(false);
    expect(precedence(parseMediaType("a/b; v*=bogus''v1"))).to.equal(3);
  });
});
