import { Type } from '@sinclair/typebox';
import { expect } from 'chai';
import { Body, change, Controller, createApp, field, Get, ImproperlyConfigured, Post, QueryParameterVersioning, route, VersionHistory, type VersionChange } from '../../src';

const Author = Type.Object({ id: Type.Integer(), name: Type.String(), country: Type.String() });
const Wrapped = Type.Object({ value: Type.Union([Author, Type.Null()]) });
const Unused = Type.Object({ name: Type.String() });

@Controller('/authors', { namespace: 'authors' })
class Authors {
  @Get('/', { name: 'list', responses: { 200: { schema: Type.Array(Author) } } }) list() {
    return [];
  }
  @Post('/', { name: 'create' }) create(@Body({ schema: Author }) body: unknown) {
    return body;
  }
  @Get('/wrapped', { name: 'wrapped', responses: { 200: { schema: Wrapped } } }) wrapped() {
    return { value: null };
  }
}

/** Builds an app whose history is `[{ 'v2': changes }, { 'v1' }]` and returns the build error's message. */
function refusal(changes: VersionChange[], scheme = new QueryParameterVersioning({ defaultVersion: 'v2' })): string {
  try {
    createApp({ routes: [Authors], versioning: scheme, history: new VersionHistory([{ version: 'v2', changes }, { version: 'v1' }]) });
  } catch (error) {
    expect(error).to.be.instanceOf(ImproperlyConfigured);
    expect((error as ImproperlyConfigured).code).to.equal('IMPROPERLY_CONFIGURED');
    return (error as Error).message;
  }
  throw new Error('the app was built');
}

function declared(make: () => unknown): string {
  try {
    make();
  } catch (error) {
    expect((error as ImproperlyConfigured).code).to.equal('IMPROPERLY_CONFIGURED');
    return (error as Error).message;
  }
  throw new Error('nothing was refused');
}

const renamed = (description: string) => change({ description, instructions: [field(Author, 'country').had({ name: 'nationality' })] });

describe('version history: every misdeclaration is an ImproperlyConfigured at build, naming the change and the fix', () => {
  it('builds a well-declared history (the cases below differ by one mistake)', () => {
    expect(() => createApp({ routes: [Authors], versioning: new QueryParameterVersioning({}), history: new VersionHistory([{ version: 'v2', changes: [renamed('ok')] }, { version: 'v1' }]) })).not.to.throw();
  });

  it('a version listed twice', () => {
    expect(declared(() => new VersionHistory([{ version: 'v1' }, { version: 'v1' }]))).to.match(/'v1' is listed twice/);
  });

  it('a change in the oldest version', () => {
    expect(declared(() => new VersionHistory([{ version: 'v2' }, { version: 'v1', changes: [renamed('too old')] }]))).to.match(/oldest version 'v1' has changes \('too old'\)/);
  });

  it('a schema no route uses', () => {
    expect(refusal([change({ description: 'unused', instructions: [field(Unused, 'name').didNotExist] })])).to.match(/change 'unused' names a schema no route uses/);
  });

  it('a field the schema lacks on the newer side', () => {
    expect(refusal([change({ description: 'ghost', instructions: [field(Author, 'nationality').didNotExist] })])).to.match(/change 'ghost'.*'nationality'.*it has: id, name, country/);
  });

  it('existed for a field the newer side still has', () => {
    expect(refusal([change({ description: 'still there', instructions: [field(Author, 'name').existed({ schema: Type.String() })] })])).to.match(/change 'still there'.*still has 'name'/);
  });

  it('two instructions of one version on the same field', () => {
    const twice = [renamed('first'), change({ description: 'second', instructions: [field(Author, 'country').didNotExist] })];
    expect(declared(() => new VersionHistory([{ version: 'v2', changes: twice }, { version: 'v1' }]))).to.match(/'country'.*two instructions.*'first' and 'second'/);
  });

  it('a rename onto a name the schema already has, and renames that form a cycle', () => {
    expect(refusal([change({ description: 'onto name', instructions: [field(Author, 'country').had({ name: 'name' })] })])).to.match(/change 'onto name'.*renames onto 'name'/);
    const cycle = change({ description: 'swap', instructions: [field(Author, 'country').had({ name: 'name' }), field(Author, 'name').had({ name: 'country' })] });
    expect(refusal([cycle])).to.match(/change 'swap'.*renames onto/);
  });

  it('had({ schema }) where a route reads or answers the schema without a converter', () => {
    const retyped = (description: string, extra: object) => change({ description, instructions: [field(Author, 'id').had({ schema: Type.String() })], ...extra });
    expect(refusal([retyped('no converter', {})])).to.match(/change 'no converter'.*changes a type.*reads it/);
    expect(refusal([retyped('answers only', { requests: [{ schema: Author, convert: (a: any) => a }] })])).to.match(/answers it/);
    expect(() => createApp({ routes: [Authors], versioning: new QueryParameterVersioning({}), history: new VersionHistory([{ version: 'v2', changes: [retyped('both', { requests: [{ schema: Author, convert: (a: any) => a }], responses: [{ schema: Author, convert: (a: any) => a }] })] }, { version: 'v1' }]) })).not.to.throw();
  });

  it('a route name no route has', () => {
    expect(refusal([change({ description: 'no such route', instructions: [route('authors:nope').didNotExist] })])).to.match(/change 'no such route'.*route\('authors:nope'\) names no route.*authors:list/);
    expect(refusal([change({ description: 'bad converter', requests: [{ route: 'authors:nope', convert: (r: any) => r }] })])).to.match(/change 'bad converter'.*route 'authors:nope'/);
  });

  it('route(...).existed and route(...).didNotExist both for one route in one version', () => {
    const both = [change({ description: 'added', instructions: [route('authors:list').didNotExist] }), change({ description: 'removed', instructions: [route('authors:list').existed] })];
    expect(declared(() => new VersionHistory([{ version: 'v2', changes: both }, { version: 'v1' }]))).to.match(/route\('authors:list'\) is named twice/);
  });

  it('a route instruction that says nothing new', () => {
    const history = new VersionHistory([
      { version: 'v3', changes: [change({ description: 'added in v3', instructions: [route('authors:list').didNotExist] })] },
      { version: 'v2', changes: [change({ description: 'added again', instructions: [route('authors:list').didNotExist] })] },
      { version: 'v1' },
    ]);
    expect(declared(() => createApp({ routes: [Authors], versioning: new QueryParameterVersioning({}), history }))).to.match(/change 'added again'.*does not exist in 'v2'/);
  });

  it('a schema converter under anyOf/oneOf', () => {
    const onlyUnion = Type.Object({ label: Type.String() });
    @Controller('/u')
    class Union {
      @Get('/', { name: 'u', responses: { 200: { schema: Type.Union([onlyUnion, Type.Null()]) } } }) u() {
        return null;
      }
    }
    const history = new VersionHistory([{ version: 'v2', changes: [change({ description: 'branch', responses: [{ schema: onlyUnion, convert: (v: any) => v }] })] }, { version: 'v1' }]);
    expect(declared(() => createApp({ routes: [Union], versioning: new QueryParameterVersioning({}), history }))).to.match(/change 'branch'.*only under anyOf.*route converter/);
  });

  it("a scheme whose allowedVersions differ from the history's, and a history without a scheme", () => {
    expect(refusal([renamed('ok')], new QueryParameterVersioning({ allowedVersions: ['v2', 'v0'] }))).to.match(/'v1' only in the history, 'v0' only in allowedVersions/);
    expect(declared(() => createApp({ routes: [Authors], history: new VersionHistory([{ version: 'v1' }]) }))).to.match(/needs a versioning scheme/);
  });

  it('a change() without a description, and a history that is not one', () => {
    expect(declared(() => change({ description: ' ' }))).to.match(/needs a `description`/);
    expect(declared(() => createApp({ routes: [Authors], versioning: new QueryParameterVersioning({}), history: [{ version: 'v1' }] as never }))).to.match(/history must be a new VersionHistory/);
  });
});
