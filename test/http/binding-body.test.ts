import { expect } from 'chai';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { Body, Controller, createApp, ImproperlyConfigured, Post } from '../../src';
import { DEFAULT_BODY_LIMIT } from '../../src/bodies/parsers/limits';

const user = {
  type: 'object',
  required: ['name', 'age'],
  properties: { name: { type: 'string', minLength: 1 }, age: { type: 'integer', minimum: 0 }, tags: { type: 'array', items: { type: 'string' } } },
  additionalProperties: false,
};

@Controller('/b')
class Bodies {
  @Post('/any', 'any') any(@Body() body: unknown) {
    return { body: body ?? 'none' };
  }
  @Post('/required', 'required') required(@Body({ required: true }) body: object) {
    return { body };
  }
  @Post('/count', 'count') count(@Body() body: unknown) {
    return { array: Array.isArray(body) };
  }
  @Post('/user', 'user') create(@Body({ schema: user }) body: { name: string }) {
    return { body: body ?? 'none' };
  }
}

const agent = (limits?: { body?: number }) => request(createApp({ routes: [Bodies], limits }).callback());

/** POSTs `chunks` with Transfer-Encoding: chunked (no Content-Length) and resolves to the status. */
async function chunkedStatus(path: string, chunks: string[], body?: number): Promise<number> {
  const server = createApp({ routes: [Bodies], limits: { body } }).listen(0);
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ port, path, method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode as number);
      });
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  } finally {
    server.close();
  }
}

describe('http/binding-body', () => {
  it('reads up to limits.body bytes and answers 413 above it', async () => {
    const small = agent({ body: 32 });
    await small.post('/b/any').send({ a: 'x'.repeat(20) }).expect(200);
    const over = await small.post('/b/any').send({ a: 'x'.repeat(40) }).expect(413);
    expect([over.type, over.body.detail]).to.deep.equal(['application/problem+json', 'Request body is too large.']);
  });

  it('counts what arrives, not what Content-Length claims (chunked)', async () => {
    expect(await chunkedStatus('/b/any', ['{"a":"', 'x'.repeat(200), '"}'], 64)).to.equal(413);
    expect(await chunkedStatus('/b/any', ['{"a":"', 'x'.repeat(20), '"}'], 64)).to.equal(200);
  });

  it('defaults to 1 MiB', async () => {
    expect(DEFAULT_BODY_LIMIT).to.equal(1_048_576);
    await agent().post('/b/any').set('Content-Type', 'application/json').send(`["${'x'.repeat(DEFAULT_BODY_LIMIT - 10)}"]`).expect(200);
    await agent().post('/b/any').set('Content-Type', 'application/json').send(`["${'x'.repeat(DEFAULT_BODY_LIMIT)}"]`).expect(413);
  });

  it('refuses a limits.body that is not a positive integer when the app is built', () => {
    for (const body of [0, -1, 1.5, '1mb', NaN]) {
      expect(() => createApp({ routes: [Bodies], limits: { body: body as number } }), String(body)).to.throw(ImproperlyConfigured, /limits\.body/);
    }
  });

  it('answers 400 to an empty body for a required @Body(), chunked or not', async () => {
    const empty = await agent().post('/b/required').set('Content-Type', 'application/json').expect(400);
    expect(empty.body.detail).to.equal('Missing request body.');
    expect(await chunkedStatus('/b/required', [])).to.equal(400);
    expect(await chunkedStatus('/b/required', ['{}'])).to.equal(200);
    await agent().post('/b/required').send({}).expect(200, { body: {} });
    await agent().post('/b/any').expect(200, { body: 'none' });
  });

  it('validates the body as parsed, listing every failure with a JSON Pointer', async () => {
    await agent().post('/b/user').send({ name: 'Ada', age: 36 }).expect(200, { body: { name: 'Ada', age: 36 } });
    const res = await agent().post('/b/user').send({ name: '', tags: ['a', 2], extra: true }).expect(400);
    expect(res.type).to.equal('application/problem+json');
    expect(res.body).to.deep.include({ status: 400, detail: 'The request did not validate.' });
    expect(res.body.errors).to.have.deep.members([
      { detail: "must have required property 'age'", pointer: '#/age' },
      { detail: 'must NOT have additional properties', pointer: '#' },
      { detail: 'must NOT have fewer than 1 characters', pointer: '#/name' },
      { detail: 'must be string', pointer: '#/tags/1' },
    ]);
  });

  it('skips the schema of an absent, optional body', async () => {
    await agent().post('/b/user').expect(200, { body: 'none' });
  });

  it('answers 4xx, never 500, to hostile bodies', async () => {
    const cases: [string, string, number][] = [
      ['application/json', '{"a":', 400],
      ['application/json', '"just a string"', 400],
      ['text/plain', 'hi', 415],
      // Deeper than MAX_BODY_DEPTH: refused before a handler, a schema or the renderer can overflow the stack.
      ['application/json', `[${'['.repeat(100_000)}${']'.repeat(100_000)}]`, 400],
      ['application/json', JSON.stringify(Array.from({ length: 20_000 }, () => 1)), 400],
    ];
    for (const [type, body, status] of cases) {
      const path = status === 400 && body.startsWith('[1,') ? '/b/user' : '/b/count';
      const res = await agent().post(path).set('Content-Type', type).send(body);
      expect(res.status, `${type} ${body.slice(0, 20)}`).to.equal(status);
    }
  });
});
