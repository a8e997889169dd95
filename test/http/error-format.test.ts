import { expect } from 'chai';
import request from 'supertest';
import { Body, Controller, createApp, Get, ImproperlyConfigured, Param, Post, type ProblemDocument } from '../../src';

const user = {
  type: 'object',
  required: ['email', 'username'],
  properties: { email: { type: 'string', minLength: 1 }, username: { type: 'string', minLength: 3 } },
};

@Controller('/users')
class Users {
  @Post('/', 'create') create(@Body({ schema: user }) body: object) {
    return body;
  }
  @Get('/:id', 'detail') detail(@Param('id') id: number) {
    return { id };
  }
  @Get('/crash/now', 'crash') crash() {
    throw new Error('secret database password');
  }
}

/** RealWorld's format, built from keyword and params rather than ajv's English. */
function realWorld(problem: ProblemDocument): unknown {
  if (problem.errors === undefined) return { errors: { body: [problem.detail] } };
  const errors: Record<string, string[]> = {};
  for (const item of problem.errors) {
    const field = item.keyword === 'required' ? String(item.params.missingProperty) : (item.pointer ?? item.parameter ?? '').split('/').pop() || 'body';
    const text = item.keyword === 'required' ? "can't be blank" : item.keyword === 'minLength' ? `is too short (minimum is ${String(item.params.limit)} characters)` : 'is invalid';
    (errors[field] ??= []).push(text);
  }
  return { errors };
}

describe('http: the app’s own error format (AppOptions.errors, docs/errors.md)', () => {
  const app = createApp({ routes: [Users], errors: { status: { validation: 422 }, mediaType: 'application/json', render: realWorld } });
  app.on('error', () => {});

  it('renders a validation failure as 422 from keyword and params', async () => {
    const response = await request(app.callback()).post('/users/').send({ username: 'ab' });
    expect(response.status).to.equal(422);
    expect(response.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect(response.body).to.deep.equal({ errors: { email: ["can't be blank"], username: ['is too short (minimum is 3 characters)'] } });
  });

  it('renders 400 (a body that does not parse), 404, 405, 406 and a thrown 500 the same way, revealing nothing of a 500', async () => {
    const cases: [number, request.Test][] = [
      [400, request(app.callback()).post('/users/').set('Content-Type', 'application/json').send('{oops')],
      [404, request(app.callback()).get('/nowhere')],
      [405, request(app.callback()).post('/users/1')],
      [406, request(app.callback()).get('/users/1').set('Accept', 'text/csv')],
      [422, request(app.callback()).get('/users/abc')],
      [500, request(app.callback()).get('/users/crash/now')],
    ];
    for (const [status, pending] of cases) {
      const response = await pending;
      expect(response.status).to.equal(status);
      expect(response.headers['content-type'], String(status)).to.equal('application/json; charset=utf-8');
      expect(Object.keys(response.body), String(status)).to.deep.equal(['errors']);
      expect(response.text).to.not.include('secret');
    }
    expect((await request(app.callback()).post('/users/1')).headers.allow).to.equal('HEAD, GET');
  });

  it('answers the generic 500 problem document when render throws or returns nothing, and reports it', async () => {
    for (const render of [() => { throw new Error('renderer bug'); }, () => undefined]) {
      const broken = createApp({ routes: [Users], errors: { render } });
      const reported: unknown[] = [];
      broken.on('error', (error) => reported.push(error));
      const response = await request(broken.callback()).get('/nowhere');
      expect(response.status).to.equal(500);
      expect(response.headers['content-type']).to.equal('application/problem+json');
      expect(JSON.parse(response.text)).to.deep.equal({ type: 'about:blank', title: 'Internal Server Error', status: 500, detail: 'A server error occurred.' });
      expect(reported).to.have.length(1);
    }
  });

  it('without errors, validation items are { detail, pointer } as before, at 400', async () => {
    const plain = createApp({ routes: [Users] });
    const response = await request(plain.callback()).post('/users/').send({ username: 'ab' });
    expect(response.status).to.equal(400);
    expect(JSON.parse(response.text).errors).to.deep.equal([
      { detail: "must have required property 'email'", pointer: '#/email' },
      { detail: 'must NOT have fewer than 3 characters', pointer: '#/username' },
    ]);
  });

  it('gives render keyword and params, and the problem’s RFC 9457 members', async () => {
    const seen: ProblemDocument[] = [];
    const spy = createApp({ routes: [Users], errors: { render: (problem) => (seen.push(problem), problem) } });
    await request(spy.callback()).post('/users/').send({ email: '', username: 'abc' });
    expect(seen[0]).to.deep.include({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'The request did not validate.' });
    expect(seen[0].errors).to.deep.equal([{ detail: 'must NOT have fewer than 1 characters', pointer: '#/email', keyword: 'minLength', params: { limit: 1 } }]);
  });

  it('refuses a misconfigured errors option when the app is built', () => {
    const bad: unknown[] = [{ render: 'x' }, { mediaType: 'json' }, { status: { validation: 418 } }, { schema: 42 }, { rendr: () => 1 }, { status: { validaton: 422 } }];
    for (const errors of bad) expect(() => createApp({ routes: [Users], errors: errors as never }), JSON.stringify(errors)).to.throw(ImproperlyConfigured);
  });
});
