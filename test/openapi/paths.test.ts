import { expect } from 'chai';
import { templateOf } from '../../src/openapi/paths';
import { formsOf as formsOfTokens, paramsOf } from '../../src/table/tokens';
import { formsOf as matcherForms } from '../../src/routing/tree/steps';
import { CompiledPattern } from '../../src/table/pattern';

const formsOf = (source: string) => formsOfTokens(new CompiledPattern(source).tokens);
const templates = (source: string) => formsOf(source).map((form) => templateOf(form, new Map()));

describe('openapi/paths', () => {
  it('gives one form per combination of optional groups, in the order the matcher tries them: each group kept before it is left out', () => {
    expect(templates('/users')).to.deep.equal(['/users']);
    expect(templates('/users{/:page}')).to.deep.equal(['/users/{page}', '/users']);
    expect(templates('/a{/:b}{/:c}')).to.deep.equal(['/a/{b}/{c}', '/a/{b}', '/a/{c}', '/a']);
    expect(templates('/a{/:b{/:c}}')).to.deep.equal(['/a/{b}/{c}', '/a/{b}', '/a']);
    expect(templates('{/:page}')).to.deep.equal(['/{page}', '/']);
  });

  it('expands groups exactly as the matcher does (one function for both)', () => {
    for (const source of ['/users{/:page}', '/a{/:b}{/:c}', '/a{/:b{/:c}}', '/x{-:y}/z{/*rest}']) {
      const names = formsOf(source).map((form) => paramsOf(form).map((param) => param.name));
      expect(names, source).to.deep.equal(matcherForms(new CompiledPattern(source).tokens).map((form) => form.names));
    }
  });

  it('writes wildcards as one template parameter and lists the parameters in order', () => {
    const [form] = formsOf('/files/*path/:id');
    expect(templateOf(form, new Map())).to.equal('/files/{path}/{id}');
    expect(paramsOf(form)).to.deep.equal([{ name: 'path', wildcard: true, optional: false }, { name: 'id', wildcard: false, optional: false }]);
  });

  it('fills in the given parameters, percent-encoded as one segment, and can write the bare shape', () => {
    const [form] = formsOf('/:version/users/:id');
    expect(templateOf(form, new Map([['version', 'v 1/2']]))).to.equal('/v%201%2F2/users/{id}');
    expect(templateOf(form, new Map([['version', 'v1']]), false)).to.equal('/v1/users/{}');
  });
});
