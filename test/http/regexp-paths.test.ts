import { expect } from 'chai';
import request from 'supertest';
import type { Context } from 'koa';
import { Controller, createApp, Ctx, Get, ImproperlyConfigured, include, NoReverseMatch, Param, Route } from '../../src';

@Controller('/api')
class Files {
  @Get(/^\/files\/(?<path>.+)$/, 'file') file(@Param('path') path: string, @Ctx() ctx: Context) {
    return { path, captures: ctx.captures };
  }
  @Get(/^\/n\/(\d+)(?:-(?<slug>[a-z]+))?$/, 'numbered') numbered(@Ctx() ctx: Context) {
    return { params: ctx.params, captures: ctx.captures };
  }
  @Get(/^\/items\/(?<id>\d+)$/, { name: 'item', requirements: { id: /[1-9]\d*/ } }) item(@Param('id') id: number) {
    return { id };
  }
  @Get('/plain/:id', 'plain') plain(@Ctx() ctx: Context) {
    return { captures: ctx.captures };
  }
}

describe('RegExp route paths (docs/regexp-paths.md)', () => {
  const app = createApp({ routes: [include('/:v', [Files])] });
  const agent = () => request(app.callback());

  it('matches the expression after the prefixes; a named group is a parameter, decoded and converted', async () => {
    expect((await agent().get('/v1/api/files/a/b%20c')).body).to.deep.equal({ path: 'a/b c', captures: ['a/b%20c'] });
    expect((await agent().get('/v1/api/items/42')).body).to.deep.equal({ id: 42 });
    expect((await agent().get('/v1/api/items/042')).status).to.equal(404); // the requirement refuses it
    expect((await agent().get('/v1/api/other/files/x')).status).to.equal(404);
  });

  it('ctx.captures holds every group as matched, in order, named ones too, as @koa/router sets it', async () => {
    expect((await agent().get('/v1/api/n/12-ab')).body).to.deep.equal({ params: { v: 'v1', slug: 'ab' }, captures: ['12', 'ab'] });
    // A group that took no part is absent from the params and `undefined` in the captures (JSON: null).
    expect((await agent().get('/v1/api/n/12')).body).to.deep.equal({ params: { v: 'v1' }, captures: ['12', null] });
    expect((await agent().get('/v1/api/plain/1')).body).to.deep.equal({ captures: [] });
  });

  it('a malformed escape in a named group is a 400, as in a pattern', async () => {
    expect((await agent().get('/v1/api/files/%zz')).status).to.equal(400);
  });

  it('reverses literals and named groups, checking the result matches back', () => {
    expect(app.url('file', { v: 'v1', path: 'a/b c' })).to.equal('/v1/api/files/a/b%20c');
    expect(app.url('item', { v: 'v2', id: 7 })).to.equal('/v2/api/items/7');
    expect(() => app.url('item', { v: 'v2', id: 'x' })).to.throw(NoReverseMatch);
    expect(() => app.url('file', { v: 'v1', path: '../etc' })).to.throw(NoReverseMatch);
  });

  it('names why an expression cannot be reversed', () => {
    expect(() => app.url('numbered', { v: 'v1', slug: 'a' }))
      .to.throw(NoReverseMatch)
      .with.property('message')
      .that.matches(/not reversible: an unnamed group/);
  });

  it('is refused when the linear engine cannot run it, naming the route', () => {
    @Controller('')
    class Backreference {
      @Get(/^\/(a)\1$/) twice() {}
    }
    expect(() => createApp({ routes: [Backreference] })).to.throw(ImproperlyConfigured, /Backreference\.twice.*linear time/);
  });

  it('is listed by app.routes with its expression and named groups', () => {
    const [file, numbered] = app.routes;
    expect([file.pattern, file.parameters.map((param) => param.name)]).to.deep.equal(['/:v/api/^\\/files\\/(?<path>.+)$/', ['v', 'path']]);
    expect(numbered.parameters.map((param) => param.name)).to.deep.equal(['v', 'slug']);
  });

  it('OpenAPI documents a reversible expression as its template, and leaves out the others and methods 3.1 cannot hold, with a warning', () => {
    @Controller('')
    class Cache {
      @Route('PURGE', '/cache/:key', 'purge') purge() {}
    }
    const warnings: string[] = [];
    const documented = createApp({ routes: [include('/:v', [Files]), Cache] });
    const doc = documented.openapi({}, (warning) => warnings.push(warning));
    expect(Object.keys(doc.paths)).to.deep.equal(['/{v}/api/files/{path}', '/{v}/api/items/{id}', '/{v}/api/plain/{id}']);
    expect(warnings.filter((warning) => /numbered/.test(warning) && /not literals and named groups/.test(warning))).to.have.length(1);
    expect(warnings.filter((warning) => /PURGE/.test(warning))).to.have.length(1);
  });
});
