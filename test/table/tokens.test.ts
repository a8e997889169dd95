import { expect } from 'chai';
import { parse, pathToRegexp } from 'path-to-regexp';
import { countForms, formsOf, paramsKey, paramsOf } from '../../src/table/tokens';

const texts = (source: string) => formsOf(parse(source).tokens).map((form) => form.map((token) => (token.type === 'text' ? token.value : `${token.type === 'wildcard' ? '*' : ':'}${token.name}`)).join(''));

describe('table/tokens', () => {
  it("expands optional groups in path-to-regexp's order: each group kept, then left out", () => {
    expect(texts('/users')).to.deep.equal(['/users']);
    expect(texts('/users{/:page}')).to.deep.equal(['/users/:page', '/users']);
    expect(texts('/a{/:b}{/:c}')).to.deep.equal(['/a/:b/:c', '/a/:b', '/a/:c', '/a']);
    expect(texts('/a{/:b{/:c}}')).to.deep.equal(['/a/:b/:c', '/a/:b', '/a']);
    expect(countForms(parse('/a{/:b}{/:c}').tokens)).to.equal(4);
  });

  it("agrees with path-to-regexp's own expression, whose alternatives are the forms in order", () => {
    for (const source of ['/users{/:page}', '/a{/:b}{/:c}', '/a{/:b{/:c}}', '/x{.:ext}']) {
      const alternatives = pathToRegexp(source, { end: true, trailing: false }).regexp.source.slice('^(?:'.length, -')$'.length).split('|');
      const ours = texts(source).map((form) => pathToRegexp(form, { end: true, trailing: false }).regexp.source.slice('^(?:'.length, -')$'.length));
      expect(ours, source).to.deep.equal(alternatives);
    }
  });

  it('lists parameters in order, those in groups optional, and keys a list by kinds and names', () => {
    const params = paramsOf(parse('/:a{/*b}').tokens);
    expect(params).to.deep.equal([
      { name: 'a', wildcard: false, optional: false },
      { name: 'b', wildcard: true, optional: true },
    ]);
    expect(paramsKey(params)).to.equal(':1:a*?1:b');
    // Length-prefixed names: a name holding ':' cannot be confused with two parameters.
    expect(paramsKey([{ name: 'a:1:b', wildcard: false }])).to.not.equal(paramsKey([{ name: 'a', wildcard: false }, { name: 'b', wildcard: false }]));
  });
});
