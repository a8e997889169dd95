import { expect } from 'chai';
import { ImproperlyConfigured } from '../../src';
import { bodyIssues, MAX_ISSUES, parameterIssues, SchemaCompiler } from '../../src/schema/compiler';

describe('validation/schema', () => {
  it('compiles draft 2020-12 with formats, and lists every failure with a pointer', () => {
    const validate = new SchemaCompiler().compile(
      { type: 'object', required: ['name', 'a/b'], properties: { email: { type: 'string', format: 'email' }, tags: { type: 'array', prefixItems: [{ type: 'integer' }] } } },
      'T.m',
    );
    expect(validate({ name: 'x', 'a/b': 1, email: 'a@b.co', tags: [1] })).to.equal(true);
    expect(validate({ email: 'nope', tags: ['x'] })).to.equal(false);
    expect(bodyIssues(validate.errors ?? []).map((issue) => (issue as { pointer: string }).pointer)).to.have.members(['#/name', '#/a~1b', '#/email', '#/tags/0']);
  });

  it('names the parameter, and where inside it the failure is', () => {
    const validate = new SchemaCompiler().compile({ type: 'array', items: { type: 'integer', minimum: 1 } }, 'T.m');
    validate([1, 0]);
    expect(parameterIssues(validate.errors ?? [], 'ids')).to.deep.equal([
      { detail: 'must be >= 1 (at /1)', parameter: 'ids', keyword: 'minimum', params: { comparison: '>=', limit: 1 } },
    ]);
  });

  it('bounds the issues a response lists', () => {
    const validate = new SchemaCompiler().compile({ type: 'array', items: { type: 'string' } }, 'T.m');
    validate(Array.from({ length: 500 }, (_, i) => i));
    expect(validate.errors).to.have.length(500);
    expect(bodyIssues(validate.errors ?? [])).to.have.length(MAX_ISSUES);
  });

  for (const [what, schema] of [
    ['a misspelt keyword', { type: 'integer', minimun: 1 }],
    ['an unknown type', { type: 'integr' }],
    ['a keyword of the wrong kind', { minimum: 'one' }],
    ['an unknown format', { type: 'string', format: 'e-mail' }],
  ] as const) {
    it(`refuses ${what} when the app is built, naming where`, () => {
      expect(() => new SchemaCompiler().compile(schema, "Users.list parameter 1 (@Query('page'))"))
        .to.throw(ImproperlyConfigured)
        .with.property('message')
        .that.contains("Users.list parameter 1 (@Query('page'))");
    });
  }

  it('accepts OpenAPI’s example keyword', () => {
    expect(new SchemaCompiler().compile({ type: 'integer', example: 3 }, 'T.m')(3)).to.equal(true);
  });
});
