import { expect } from 'chai';
import { formsOf as formsOfTokens, paramsOf, templateOf } from '../../src/openapi/paths';
import { CompiledPattern } from '../../src/table/pattern';

const formsOf = (source: string) => formsOfTokens(new CompiledPattern(source).tokens);
const templates = (source: string) => formsOf(source).map((form) => templateOf(form, new Map()));

describe('openapi/paths', () => {
  it('gives one form per combination of optional groups, each group left out before it is kept', () => {
    expect(templates('/users')).to.deep.equal(['/users']);
    expect(templates('/users{/:page}')).to.deep.equal(['/users', '/users/{page}']);
    expect(templates('/a{/:b}{/:c}')).to.deep.equal(['/a', '/a/{c}', '/a/{b}', '/a/{b}/{c}']);
    expect(templates('/a{/:b{/:c}}')).to.deep.equal(['/a', '/a/{b}', '/a/{b}/{c}']);
    expect(templates('{/:page}')).to.deep.equal(['/', '/{page}']);
  });

  it('writes wildcards as one template parameter and lists the parameters in order', () => {
    const [form] = formsOf('/files/*path/:id');
    expect(templateOf(form, new Map())).to.equal('/files/{path}/{id}');
    expect(paramsOf(form)).to.deep.equal([{ kind: 'param', name: 'path', wildcard: true }, { kind: 'param', name: 'id', wildcard: false }]);
  });

  it('fills in the given parameters, percent-encoded as one segment, and can write the bare shape', () => {
    const [form] = formsOf('/:version/users/:id');
    expect(templateOf(form, new Map([['version', 'v 1/2']]))).to.equal('/v%201%2F2/users/{id}');
    expect(templateOf(form, new Map([['version', 'v1']]), false)).to.equal('/v1/users/{}');
  });
});
