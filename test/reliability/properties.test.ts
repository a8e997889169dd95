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

/** A generated input: `version` is the version it must reach the handler with, `null` for hostile text. */
interface Input {
  raw: string;
  version: string | null;
}

/** Half the inputs are well-formed requests for an allowed version, so a scheme that refuses everything fails. */
function inputs(hostile: fc.Arbitrary<string>, wellFormed: (version: string) => fc.Arbitrary<string>): fc.Arbitrary<Input> {
  const good = fc.constantFrom(...allowed).chain((version) => wellFormed(version).map((raw) => ({ raw, version })));
  return fc.oneof(good, hostile.map((raw) => ({ raw, version: null })));
}

interface Case {
  name: string;
  input: fc.Arbitrary<Input>;
  app: () => ReturnType<typeof createApp>;
  send: (agent: ReturnType<typeof request>, raw: string) => request.Test;
  /** The version a link carries, or `null` when the scheme leaves links without one. */
  linkVersion?: (link: string) => string | null;
}

const cases: Case[] = [
  {
    name: 'AcceptHeaderVersioning (random Accept)',
    input: inputs(
      text.map((value) => (value.includes('/') ? value : `application/json; version=${value}`)),
      (v) => fc.constantFrom(`application/json; version=${v}`, `application/json;version="${v}"`, `text/html, application/json; version=${v}; q=0.8`, `*/*; version=${v}`),
    ),
    app: () => createApp({ routes: [Users], versioning: new AcceptHeaderVersioning(options) }),
    send: (agent, raw) => agent.get('/users/1').set('Accept', raw),
  },
  {
    name: 'URLPathVersioning (random path segment)',
    input: inputs(pathText, (v) => fc.constantFrom(v, encodeURIComponent(v), [...v].map((c) => `%${c.charCodeAt(0).toString(16)}`).join(''))),
    app: () => createApp({ routes: [include('/:version', [Users])], versioning: new URLPathVersioning(options) }),
    send: (agent, raw) => agent.get(`/${raw}/users/1`),
    linkVersion: (link) => decodeURIComponent(new URL(link).pathname.split('/')[1]),
  },
  {
    name: 'NamespaceVersioning (random path segment)',
    input: inputs(pathText, (v) => fc.constant(v)),
    app: () => createApp({ routes: [include('/v1', [Users], { namespace: 'v1' }), include('/v2', [Users], { namespace: 'v2' }), include('/beta', [Users], { namespace: 'beta' })], versioning: new NamespaceVersioning(options) }),
    send: (agent, raw) => agent.get(`/${raw}/users/1`),
    linkVersion: (link) => new URL(link).pathname.split('/')[1],
  },
  {
    name: 'HostNameVersioning (random Host)',
    input: inputs(text, (v) => fc.constantFrom(`${v}.example.com`, `${v}.example.com:8080`, `${v}.api.test`)),
    app: () => createApp({ routes: [Users], versioning: new HostNameVersioning(options) }),
    send: (agent, raw) => agent.get('/users/1').set('Host', raw),
    linkVersion: (link) => /^([a-zA-Z0-9]+)\.[a-zA-Z0-9]+\.[a-zA-Z0-9]+$/.exec(new URL(link).hostname)?.[1] ?? null,
  },
  {
    name: 'QueryParameterVersioning (random query)',
    input: inputs(pathText.map((value) => `version=${value}&version=${value.slice(1)}`), (v) => fc.constantFrom(`version=${v}`, `version=v9&version=${v}`, `a=1&version=${v}&b`)),
    app: () => createApp({ routes: [Users], versioning: new QueryParameterVersioning(options) }),
    send: (agent, raw) => agent.get(`/users/1?${raw}`),
    linkVersion: (link) => new URL(link).searchParams.get('version'),
  },
];

const numRuns = 150;

describe('reliability: properties of every scheme under hostile input', () => {
  for (const scheme of cases) {
    it(`${scheme.name}: never a 5xx; only an allowed version reaches ctx.version or a link; well-formed requests reach the handler`, async () => {
      const made = scheme.app();
      made.silent = true;
      const agent = request(made.callback());
      let reached = 0;
      await fc.assert(
        fc.asyncProperty(scheme.input, async ({ raw, version }) => {
          const res = await scheme.send(agent, raw);
          expect(res.status, `${raw} → ${res.status}`).to.be.below(500);
          if (version !== null) expect([res.status, res.body.version], raw).to.deep.equal([200, version]);
          if (res.status !== 200) {
            expect(res.headers['content-type']).to.equal('application/problem+json');
            return;
          }
          reached++;
          expect(allowed, `version from ${JSON.stringify(raw)}`).to.include(res.body.version);
          const linkVersion = scheme.linkVersion?.(res.body.link) ?? null;
          if (linkVersion !== null) expect(allowed, `link ${res.body.link}`).to.include(linkVersion);
          if (linkVersion !== null && version !== null) expect(linkVersion, `link ${res.body.link}`).to.equal(version);
        }),
        { numRuns },
      );
      // Half the inputs are well-formed (binomial: below 30% is five standard deviations away).
      expect(reached, `${reached} of ${numRuns} requests reached the handler`).to.be.at.least(numRuns * 0.3);
    });
  }
});
