import { expect } from 'chai';
import { parse } from 'path-to-regexp';
import { formsOf as formsOfTokens } from '../../../src/routing/tree/steps';

const formsOf = (source: string) => formsOfTokens(parse(source).tokens);

const kinds = (source: string) => formsOf(source).map((form) => form.steps.map((step) => step.kind).join(' '));

describe('http/tree/steps', () => {
  it('expands optional groups in path-to-regexp order: with the group first', () => {
    expect(formsOf('/o{/:a}{/:b}').map((form) => form.names)).to.deep.equal([['a', 'b'], ['a'], ['b'], []]);
  });

  it('gives each segment the cheapest step that matches it exactly as path-to-regexp does', () => {
    expect(kinds('/users/:id')).to.deep.equal(['static param']);
    expect(kinds('/files/:name.:ext/raw')).to.deep.equal(['static regex static']);
    expect(kinds('/files/*path')).to.deep.equal(['static wildcard']);
    expect(kinds('/files/*path/edit')).to.deep.equal(['static tail']);
    expect(kinds('/')).to.deep.equal(['static']);
  });

  it("keeps path-to-regexp's captures in a mixed segment: the first parameter is greedy", () => {
    const [form] = formsOf('/:name.:ext');
    const step = form.steps[0];
    expect(step.kind === 'regex' && step.regex.exec('a.b.c')?.slice(1)).to.deep.equal(['a.b', 'c']);
  });

  it('keys static segments decoded, so a route written with escapes matches either form', () => {
    const [form] = formsOf('/%7Euser/caf%C3%A9');
    expect(form.steps).to.deep.equal([{ kind: 'static', key: '~user' }, { kind: 'static', key: 'café' }]);
  });
});
