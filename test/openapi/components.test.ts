import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import { z } from 'zod';
import { Body, Controller, createApp, Get, ImproperlyConfigured, Post } from '../../src';
import { componentName, Components } from '../../src/openapi/components';
import { documentOf } from './validator';

const Profile = Type.Object({ username: Type.String(), bio: Type.Optional(Type.String()) }, { $id: 'Profile' });
const Article = Type.Object({ slug: Type.String(), author: Profile }, { $id: 'Article' });
const Comment = Type.Object({ id: Type.Integer(), author: Profile });
const ZUser = z.object({ email: z.string(), friend: z.object({ id: z.number() }).meta({ id: 'Friend' }) }).meta({ id: 'User' });

@Controller('/api')
class Api {
  @Get('/profiles/:name', { responses: { 200: { schema: Profile } } }) profile() {}
  @Get('/articles', { responses: { 200: { schema: Type.Object({ articles: Type.Array(Article) }) } } }) articles() {}
  @Get('/articles/:slug', { responses: { 200: { schema: Article } } }) article() {}
  @Get('/comments', { responses: { 200: { schema: Type.Array(Comment) } } }) comments() {}
  @Post('/users', { responses: { 201: { schema: ZUser } } }) register(@Body({ schema: ZUser }) body: unknown) {
    return body;
  }
}

/** Every `$ref` in `value`, with where it is. */
function refsOf(value: unknown, at = '#'): [string, string][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => (key === '$ref' && typeof child === 'string' ? [[at, child] as [string, string]] : refsOf(child, `${at}/${key}`)));
}

describe('openapi: components.schemas and $ref (docs/openapi.md#components)', () => {
  it('writes each named schema once, in components, and a $ref wherever it was used', async () => {
    const document = await documentOf(createApp({ routes: [Api] }));
    const text = JSON.stringify(document);
    expect(text.match(/"bio"/g)).to.have.length(1); // Profile, written once although four routes use it
    expect(text).to.not.contain('"$id"');
    expect(text).to.not.contain('$defs');
    const { schemas } = document.components;
    expect(Object.keys(schemas).sort()).to.deep.equal(['Article', 'Friend', 'FriendInput', 'Problem', 'Profile', 'User', 'UserInput']);
    expect(schemas.Article).to.deep.include({ properties: { slug: { type: 'string' }, author: { $ref: '#/components/schemas/Profile' } } });
    const ok = (path: string, status = '200', method = 'get') => (document.paths[path][method].responses[status] as { content: Record<string, { schema: unknown }> }).content['application/json'].schema;
    expect(ok('/api/profiles/{name}')).to.deep.equal({ $ref: '#/components/schemas/Profile' });
    expect(ok('/api/articles')).to.deep.equal({ type: 'object', required: ['articles'], properties: { articles: { type: 'array', items: { $ref: '#/components/schemas/Article' } } } });
    expect(ok('/api/users', '201', 'post')).to.deep.equal({ $ref: '#/components/schemas/User' });
    // zod describes a request without additionalProperties: false, so the request's entry is its own.
    expect((document.paths['/api/users'].post.requestBody as { content: Record<string, { schema: unknown }> }).content['application/json'].schema).to.deep.equal({ $ref: '#/components/schemas/UserInput' });
    expect(schemas.UserInput).to.deep.include({ properties: { email: { type: 'string' }, friend: { $ref: '#/components/schemas/FriendInput' } } });
    for (const [at, ref] of refsOf(document)) expect(Object.keys(schemas).map((name) => `#/components/schemas/${name}`), at).to.include(ref);
  });

  it('gives the same document each build, and names a response\'s schema first whatever the route order', async () => {
    const forward = createApp({ routes: [Api] }).openapi();
    expect(createApp({ routes: [Api] }).openapi()).to.deep.equal(forward);
    @Controller('/api')
    class RequestFirst {
      @Post('/users', { responses: { 201: { schema: ZUser } } }) register(@Body({ schema: ZUser }) body: unknown) {
        return body;
      }
      @Get('/me', { responses: { 200: { schema: ZUser } } }) me() {}
    }
    const { schemas } = (await documentOf(createApp({ routes: [RequestFirst] }))).components;
    expect(schemas.User).to.deep.include({ additionalProperties: false }); // the response's, though the request came first
    expect(schemas.UserInput).to.not.have.property('additionalProperties');
  });

  it('names the schemas of openapi.components, JSON Schema or zod, and refers to them', async () => {
    const Tag = z.object({ name: z.string() });
    const Page = { type: 'object', properties: { page: { type: 'integer' } } };
    @Controller('/x')
    class X {
      @Get('/tag', { responses: { 200: { schema: Tag } } }) tag() {}
      @Get('/page', { responses: { 200: { schema: { type: 'object', properties: { paging: Page } } } } }) page() {}
    }
    const document = await documentOf(createApp({ routes: [X], openapi: { components: { Tag, Page } } }));
    expect(document.components.schemas.Page).to.deep.equal(Page);
    expect(document.components.schemas.Tag).to.deep.include({ type: 'object', required: ['name'] });
    const schema = (path: string) => (document.paths[path].get.responses['200'] as { content: Record<string, { schema: unknown }> }).content['application/json'].schema;
    expect(schema('/x/tag')).to.deep.equal({ $ref: '#/components/schemas/Tag' });
    expect(schema('/x/page')).to.deep.equal({ type: 'object', properties: { paging: { $ref: '#/components/schemas/Page' } } });
  });

  it('refuses two different schemas under one name, naming it and both places', () => {
    const Other = Type.Object({ handle: Type.String() }, { $id: 'Profile' });
    @Controller('/y')
    class Y {
      @Get('/a', { responses: { 200: { schema: Profile } } }) a() {}
      @Get('/b', { responses: { 200: { schema: Other } } }) b() {}
    }
    expect(() => createApp({ routes: [Y] }).openapi()).to.throw(ImproperlyConfigured, /Two different schemas are named 'Profile'.*Y\.a.*Y\.b/);
    // Equal schemas under one name are one entry.
    @Controller('/z')
    class Z {
      @Get('/a', { responses: { 200: { schema: Profile } } }) a() {}
      @Get('/b', { responses: { 200: { schema: structuredClone(Profile) } } }) b() {}
    }
    expect(Object.keys(createApp({ routes: [Z] }).openapi().components.schemas)).to.deep.equal(['Problem', 'Profile']);
  });

  it('names a Standard Schema validator\'s output by its title, and leaves the input it reads inline', async () => {
    const Profile = z.object({ username: z.string(), bio: z.string().default('') }).meta({ title: 'Profile' });
    @Controller('/profiles')
    class Profiles {
      @Get('/:name', { name: 'profile', responses: { 200: { schema: Profile } } }) profile() {
        return { username: 'ada', bio: '' };
      }
      @Get('', { name: 'profiles', responses: { 200: { schema: Profile } } }) profiles() {
        return { username: 'ada', bio: '' };
      }
      @Post('', { name: 'profiles-create', responses: { 201: { schema: Profile } } }) create(@Body({ schema: Profile }) body: object) {
        return body;
      }
    }
    const document = await documentOf(createApp({ routes: [Profiles] }));
    const schemas = document.components.schemas as Record<string, { properties?: object }>;
    expect(Object.keys(schemas['Profile'].properties ?? {})).to.deep.equal(['username', 'bio']);
    const content = (path: string, method: string, status: string) => (document.paths[path] as any)[method].responses[status].content['application/json'].schema;
    expect([content('/profiles/{name}', 'get', '200'), content('/profiles', 'get', '200'), content('/profiles', 'post', '201')]).to.deep.equal(Array(3).fill({ $ref: '#/components/schemas/Profile' }));
    expect((document.paths['/profiles'] as any).post.requestBody.content['application/json'].schema.$ref).to.equal(undefined);
  });

  it('refuses a bad openapi.components option when the app is built', () => {
    expect(() => createApp({ routes: [Api], openapi: { components: { 'a b': {} } } })).to.throw(ImproperlyConfigured, /"a b" is not a usable component name/);
    expect(() => createApp({ routes: [Api], openapi: { components: { A: 3 } } })).to.throw(ImproperlyConfigured, /components\.A must be a JSON Schema object/);
  });

  it('turns a $ref by $id (TypeBox Type.Ref) into a $ref to the component, wherever the schema is met', () => {
    const components = new Components({});
    const byRef = components.use({ type: 'array', items: { $ref: 'urn:x:Tag' } }, 'A.list');
    components.use({ $id: 'urn:x:Tag', type: 'string' }, 'A.tag');
    const unknown = components.use({ type: 'object', properties: { x: { $ref: 'https://elsewhere.test/x.json' } } }, 'A.other');
    expect(components.finish()).to.deep.equal({ urn_x_Tag: { type: 'string' } });
    expect(byRef).to.deep.equal({ type: 'array', items: { $ref: '#/components/schemas/urn_x_Tag' } });
    expect(unknown).to.deep.equal({ type: 'object', properties: { x: { $ref: 'https://elsewhere.test/x.json' } } }); // left as it was
  });

  it('turns an $id into a usable component name, the same each time', () => {
    expect(componentName('Profile')).to.equal('Profile');
    expect(componentName('https://example.test/schemas/profile.json')).to.equal('profile');
    expect(componentName('urn:x:User Name')).to.equal('urn_x_User_Name');
    expect(componentName('/')).to.equal('Schema');
  });
});
