import { expect } from 'chai';
import fc from 'fast-check';
import type { Context } from 'koa';
import request from 'supertest';
import {
  AcceptHeaderVersioning,
  Controller,
  createApp,
  Ctx,
  Get,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  QueryParameterVersioning,
  URLPathVersioning,
  type VersioningOptions,
} from '../../src';

@Controller('/users')
class Users {
  @Get('/:id', 'user')
  user(@Ctx() ctx: Context) {
    return { version: ctx.version, link: ctx.reverse('user', { id: ctx.params.id }) };
  }
}

const allowed = ['v1', 'v2'];
const options: VersioningOptions = { defaultVersion: 'v1', allowedVersions: allowed };

/** Values that broke other stacks, mixed with random printable text. */
const nasty = ['', ' ', 'v1', 'v2', 'V1', 'v1 ', 'v9', '*', '"', '"v1', 'v1"', '\\', '%', '%zz', '%00', '%0d%0a', '%E2%98%83', '..', '.', '/', '?', '#', '&', '=', ';', ',', ':', '@', '[::1]', '__proto__', 'constructor', '<script>', 'x'.repeat(80)];
const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 24 });
const token = fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...nasty) }, { weight: 1, arbitrary: printable });
const text = fc.array(token, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''));
/** As a request target allows it: printable ASCII without space, '#' or '?'. */
const pathText = text.map((value) => value.replace(/[ #?\u007f]/g, '%20'));

interface Case {
  name: string;
  input: fc.Arbitrary<string>;
  app: () => ReturnType<typeof createApp>;
  send: (agent: ReturnType<typeof request>, value: string) => request.Test;
  /** The version a link carries, or `null` when the scheme leaves links without one. */
  linkVersion?: (link: string) => string | null;
}

const cases: Case[] = [
  {
    name: 'AcceptHeaderVersioning (random Accept)',
    input: text,
    app: () => createApp({ routes: [Users], versioning: new AcceptHeaderVersioning(options) }),
    send: (agent, value) => agent.get('/users/1').set('Accept', value.includes('/') ? value : `application/json; version=${value}`),
  },
  {
    name: 'URLPathVersioning (random path segment)',
    input: pathText,
    app: () => createApp({ routes: [include('/:version', [Users])], versioning: new URLPathVersioning(options) }),
    send: (agent, value) => agent.get(`/${value}/users/1`),
    linkVersion: (link) => decodeURIComponent(new URL(link).pathname.split('/')[1]),
  },
  {
    name: 'NamespaceVersioning (random path segment)',
    input: pathText,
    app: () => createApp({ routes: [include('/v1', [Users], { namespace: 'v1' }), include('/v2', [Users], { namespace: 'v2' }), include('/beta', [Users], { namespace: 'beta' })], versioning: new NamespaceVersioning(options) }),
    send: (agent, value) => agent.get(`/${value}/users/1`),
    linkVersion: (link) => new URL(link).pathname.split('/')[1],
  },
  {
    name: 'HostNameVersioning (random Host)',
    input: text,
    app: () => createApp({ routes: [Users], versioning: new HostNameVersioning(options) }),
    send: (agent, value) => agent.get('/users/1').set('Host', value),
    linkVersion: (link) => /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/.exec(new URL(link).hostname)?.[1] ?? null,
  },
  {
    name: 'QueryParameterVersioning (random query)',
    input: pathText,
    app: () => createApp({ routes: [Users], versioning: new QueryParameterVersioning(options) }),
    send: (agent, value) => agent.get(`/users/1?version=${value}&version=${value.slice(1)}`),
    linkVersion: (link) => new URL(link).searchParams.get('version'),
  },
];

describe('reliability: properties of every scheme under hostile input', () => {
  for (const scheme of cases) {
    it(`${scheme.name}: never a 5xx; only an allowed version reaches ctx.version or a link`, async () => {
      const made = scheme.app();
      made.silent = true;
      const agent = request(made.callback());
      await fc.assert(
        fc.asyncProperty(scheme.input, async (value) => {
          const res = await scheme.send(agent, value);
          expect(res.status, `${value} → ${res.status}`).to.be.below(500);
          if (res.status !== 200) {
            expect(res.headers['content-type']).to.equal('application/problem+json');
            return;
          }
          expect(allowed, `version from ${JSON.stringify(value)}`).to.include(res.body.version);
          const linkVersion = scheme.linkVersion?.(res.body.link) ?? null;
          if (linkVersion !== null) expect(allowed, `link ${res.body.link}`).to.include(linkVersion);
        }),
        { numRuns: 150 },
      );
    });
  }
});
