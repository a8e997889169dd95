import { expect } from 'chai';
import { Type } from '@sinclair/typebox';
import request from 'supertest';
import { Body, Controller, createApp, Get, Post } from '../../src';

/**
 * A schema with a `$id` (TypeBox's way to name one, which documents use for
 * components) on several routes: ajv kept each compiled schema under its
 * `$id`, so the second route's compile failed the build ("schema with key or
 * id already exists").
 */
describe('validation: schemas with a $id', () => {
  const Profile = Type.Object({ username: Type.String() }, { $id: 'Profile' });
  const Article = Type.Object({ slug: Type.String(), count: Type.Integer(), author: Profile }, { $id: 'Article' });

  @Controller('/a')
  class Articles {
    @Post('/one', { responses: { 200: { schema: Article } } }) one(@Body({ schema: Article }) body: object) {
      return { ...body, secret: 'never sent' };
    }
    @Post('/two', { responses: { 200: { schema: Article } } }) two(@Body({ schema: Article }) body: object) {
      return body;
    }
    @Post('/profile', { responses: { 200: { schema: Profile } } }) profile(@Body({ schema: Profile }) body: object) {
      return body;
    }
    @Get('/list', { responses: { 200: { schema: Type.Array(Article) } } }) list() {
      return [{ slug: 's', count: 1, author: { username: 'u', password: 'p' } }];
    }
  }

  it('builds an app that uses one on several routes, nested and whole, and validates and serializes with it', async () => {
    const server = request(createApp({ routes: [Articles], validateResponses: true }).callback());
    const article = { slug: 's', count: 1, author: { username: 'u' } };
    expect((await server.post('/a/one').send(article).expect(200)).body).to.deep.equal(article);
    await server.post('/a/two').send({ ...article, count: 1.5 }).expect(400);
    await server.post('/a/two').send({ ...article, author: {} }).expect(400);
    await server.post('/a/profile').send({ username: 'u' }).expect(200);
    expect((await server.get('/a/list').expect(200)).body).to.deep.equal([article]);
  });

  it('lets two apps in one process use the same named schemas', () => {
    createApp({ routes: [Articles] });
    createApp({ routes: [Articles] });
  });
});
