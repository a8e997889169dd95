import { expect } from 'chai';
import fc from 'fast-check';
import type { Middleware } from 'koa';
import request from 'supertest';
import { Body, Conflict, Controller, createApp, Get, include, Post, Unauthorized, URLPathVersioning, Use, type ProblemDocument } from '../../src';

const SECRET = 'secret-db-password-41';

const guard: Middleware = async () => {
  throw new Unauthorized();
};

@Controller('/p')
class Paths {
  @Get('/ok', 'ok') ok() {
    return { ok: true };
  }
  @Post('/items', 'create') create(@Body({ schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } }) body: object) {
    return body;
  }
  @Get('/guarded', 'guarded') @Use(guard) guarded() {
    return {};
  }
  @Get('/conflict', 'conflict') conflict() {
    throw new Conflict('Taken.');
  }
  @Get('/crash', 'crash') crash() {
    throw new Error(SECRET);
  }
}

const versioning = () =>
  new URLPathVersioning({
    defaultVersion: 'v2',
    allowedVersions: ['v1', 'v2'],
    deprecated: { v1: { at: '2020-01-01T00:00:00Z', sunset: '2021-01-01T00:00:00Z', retireAfterSunset: true } },
  });

/** Every way waymark answers an error, with the status each gives under `validation`. */
const PATHS: { name: string; send: (agent: ReturnType<typeof request>) => request.Test; status: (validation: number) => number }[] = [
  { name: 'unknown path', send: (r) => r.get('/v2/nowhere'), status: () => 404 },
  { name: 'method', send: (r) => r.post('/v2/p/ok'), status: () => 405 },
  { name: 'accept', send: (r) => r.get('/v2/p/ok').set('Accept', 'text/csv'), status: () => 406 },
  { name: 'version', send: (r) => r.get('/v9/p/ok'), status: () => 404 },
  { name: 'retired', send: (r) => r.get('/v1/p/ok'), status: () => 410 },
  { name: 'too large', send: (r) => r.post('/v2/p/items').set('Content-Type', 'application/json').send(JSON.stringify({ name: 'x'.repeat(100) })), status: () => 413 },
  { name: 'media type', send: (r) => r.post('/v2/p/items').set('Content-Type', 'text/plain').send('name'), status: () => 415 },
  { name: 'malformed', send: (r) => r.post('/v2/p/items').set('Content-Type', 'application/json').send('{nope'), status: () => 400 },
  { name: 'validation', send: (r) => r.post('/v2/p/items').send({}), status: (validation) => validation },
  { name: 'guard', send: (r) => r.get('/v2/p/guarded'), status: () => 401 },
  { name: 'thrown', send: (r) => r.get('/v2/p/conflict'), status: () => 409 },
  { name: 'crash', send: (r) => r.get('/v2/p/crash'), status: () => 500 },
];

const MEDIA_TYPES = ['application/json', 'application/problem+json', 'application/vnd.house+json', 'text/plain'];

describe('http: every error goes through errors.render (property)', () => {
  it('for random renderers, each error path renders once, with its status, and a 5xx reveals nothing', async () => {
    let rendered = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          key: fc.string({ minLength: 1, maxLength: 8 }),
          constant: fc.jsonValue({ maxDepth: 2 }),
          echo: fc.subarray(['status', 'detail', 'title', 'type', 'errors'] as const),
          mediaType: fc.constantFrom(...MEDIA_TYPES),
          validation: fc.constantFrom(400 as const, 422 as const),
        }),
        async ({ key, constant, echo, mediaType, validation }) => {
          const seen: ProblemDocument[] = [];
          const render = (problem: ProblemDocument) => {
            seen.push(problem);
            const body: Record<string, unknown> = { [key]: constant };
            for (const member of echo) body[`echo-${member}`] = problem[member];
            return body;
          };
          const app = createApp({
            routes: [include('/:version', [Paths])],
            versioning: versioning(),
            limits: { body: 32 },
            errors: { render, mediaType, status: { validation } },
          });
          app.on('error', () => {});
          for (const path of PATHS) {
            seen.length = 0;
            const response = await path.send(request(app.callback()));
            const status = path.status(validation);
            expect(response.status, path.name).to.equal(status);
            expect(seen, path.name).to.have.length(1);
            expect(seen[0].status, path.name).to.equal(status);
            expect(response.headers['content-type'], path.name).to.match(new RegExp(`^${mediaType.replace(/[+.]/g, '\\$&')}\\b`));
            const expected = { [key]: constant, ...Object.fromEntries(echo.map((member) => [`echo-${member}`, seen[0][member]])) };
            expect(response.text, path.name).to.equal(JSON.stringify(expected));
            if (status >= 500) {
              expect(response.text, path.name).to.not.include(SECRET);
              expect(seen[0].detail).to.equal('A server error occurred.');
            }
            rendered += 1;
          }
        },
      ),
      { numRuns: 15 },
    );
    // A floor: an implementation that answered some path without render would fail above; one that answered none would fail here.
    expect(rendered).to.equal(15 * PATHS.length);
  });
});
