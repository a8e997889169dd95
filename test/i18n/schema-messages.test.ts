import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Body, Controller, createApp, Get, Post, Query, type ProblemDocument } from '../../src';

const NewUser = { type: 'object', required: ['email'], properties: { email: { type: 'string' }, age: { type: 'integer', minimum: 18 } } } as const;

@Controller('/users')
class Users {
  @Post('', 'create') create(@Body({ schema: NewUser }) user: object) {
    return user;
  }
  @Get('', 'list') list(@Query('ids', { schema: { type: 'array', items: { type: 'integer', minimum: 1 } } }) ids: number[]) {
    return ids;
  }
  @Post('/zod', 'zod') zod(@Body({ schema: z.object({ name: z.string() }) }) body: object) {
    return body;
  }
}

// Each validation failure's detail is said in the request's language, as the document's own detail is (docs/errors.md#validation-failures).
describe('i18n: validation items in the negotiated language', () => {
  it('says ajv\'s messages in French, German and Spanish, and varies on Accept-Language', async () => {
    const agent = request(createApp({ routes: [Users] }).callback());
    const details = async (language: string) => {
      const response = await agent.post('/users').set('Accept-Language', language).send({ age: 3 }).expect(400);
      expect(response.headers.vary).to.include('Accept-Language');
      return response.body.errors.map((item: { detail: string; pointer: string }) => `${item.pointer} ${item.detail}`);
    };
    expect(await details('en')).to.deep.equal(["#/email must have required property 'email'", '#/age must be >= 18']);
    expect(await details('fr')).to.deep.equal(['#/email requiert la propriété email', '#/age doit être >= 18']);
    expect(await details('de-CH, en;q=0.5')).to.deep.equal(['#/email muss das erforderliche Attribut email enthalten', '#/age muss >= 18 sein']);
    expect((await details('es'))[1]).to.equal('#/age debe ser >= 18');
  });

  it('keeps where a parameter\'s message points, and the default items plain', async () => {
    const response = await request(createApp({ routes: [Users] }).callback()).get('/users?ids=0').set('Accept-Language', 'fr').expect(400);
    expect(response.body.errors).to.deep.equal([{ detail: 'doit être >= 1 (at /0)', parameter: 'ids' }]);
  });

  it('leaves a Standard Schema validator\'s messages as the validator wrote them', async () => {
    const response = await request(createApp({ routes: [Users] }).callback()).post('/users/zod').set('Accept-Language', 'fr').send({ name: 3 }).expect(400);
    expect(response.body.detail).to.equal("La requête n'est pas valide.");
    expect(response.body.errors[0].detail).to.match(/string/i);
  });

  it('gives an error renderer the translated detail beside keyword and params', async () => {
    const seen: ProblemDocument[] = [];
    const app = createApp({ routes: [Users], errors: { render: (problem) => (seen.push(problem), problem) } });
    await request(app.callback()).post('/users').set('Accept-Language', 'fr').send({}).expect(400);
    const [item] = seen[0].errors ?? [];
    expect([item.detail, item.keyword, item.params]).to.deep.equal(['requiert la propriété email', 'required', { missingProperty: 'email' }]);
  });
});
