import { expect } from 'chai';
import fc from 'fast-check';
import type { Context } from 'koa';
import request from 'supertest';
import {
  AcceptHeaderVersioning,
  All,
  Controller,
  createApp,
  Ctx,
  Delete,
  Get,
  HostNameVersioning,
  include,
  NamespaceVersioning,
  Patch,
  Post,
  Put,
  QueryParameterVersioning,
  URLPathVersioning,
  type RouteSource,
  type VersioningScheme,
} from '../../src';
import { requestFor } from '../examples/client';
import { documentOf } from './validator';

/**
 * The document tells the truth about any table: for random route tables under
 * every scheme (static and parameter segments, requirements, optional groups,
 * every method, `versions`), every operation of every version's document is
 * reached, by a request built from the document alone, at its route with that
 * version. Routes overlap: waymark matches in registration order, so a route
 * whose every request an earlier one takes must not be in the document.
 */
const METHODS = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete, ALL: All } as const;
/** Requirements whose languages are disjoint, and disjoint from every literal segment (which has a '-'). */
const REQUIREMENTS = [undefined, /\d+/, /[a-z]{2,4}/, /v\d/] as const;
const versions = { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] };

interface RouteSpec {
  prefix: string;
  method: keyof typeof METHODS;
  segments: ({ kind: 'static'; text: string } | { kind: 'param'; requirement: number })[];
  optional: boolean;
  versions: readonly string[] | null;
}

const routeSpec: fc.Arbitrary<RouteSpec> = fc.record({
  prefix: fc.constantFrom('a-a', 'b-b'),
  // Mostly GET, so that routes meet on a method; ALL meets every method.
  method: fc.oneof({ weight: 4, arbitrary: fc.constant('GET' as const) }, fc.constantFrom(...(Object.keys(METHODS) as (keyof typeof METHODS)[]))),
  segments: fc.array(
    fc.oneof(
      fc.stringMatching(/^[a-z]-[a-z0-9]{0,3}$/).map((text) => ({ kind: 'static' as const, text })),
      fc.integer({ min: 0, max: REQUIREMENTS.length - 1 }).map((requirement) => ({ kind: 'param' as const, requirement })),
    ),
    { maxLength: 2 },
  ),
  optional: fc.boolean(),
  versions: fc.constantFrom(null, ['v1'], ['v2'], ['v1', 'v2']),
});

const SCHEMES = ['url-path', 'namespace', 'query-parameter', 'accept-header', 'host-name', 'none'] as const;

/** A controller whose routes each answer with the route and version that reached them. */
function controllerOf(specs: readonly RouteSpec[]): Function {
  class Random {}
  const prototype = Random.prototype as unknown as Record<string, unknown>;
  specs.forEach((spec, index) => {
    const name = `r${index}`;
    prototype[name] = (ctx: Context) => ({ route: ctx.route?.name, version: ctx.version });
    Reflect.defineMetadata('design:paramtypes', [Object], prototype, name);
    Ctx()(prototype, name, 0);
    const requirements: Record<string, RegExp> = {};
    let path = `/${spec.prefix}`; // two prefixes: routes often overlap, and earlier ones take later ones' requests
    spec.segments.forEach((segment, at) => {
      if (segment.kind === 'static') path += `/${segment.text}`;
      else {
        path += `/:p${at}`;
        const requirement = REQUIREMENTS[segment.requirement];
        if (requirement) requirements[`p${at}`] = requirement;
      }
    });
    if (spec.optional) path += '{/:page}';
    const options = { name, requirements, ...(spec.versions ? { versions: spec.versions } : {}) };
    METHODS[spec.method](path, options)(prototype, name, Object.getOwnPropertyDescriptor(prototype, name) as PropertyDescriptor);
  });
  Controller()(Random);
  return Random;
}

function appOf(scheme: (typeof SCHEMES)[number], controller: Function) {
  const plain: RouteSource[] = [controller];
  const made: Record<string, () => { versioning?: VersioningScheme; routes: RouteSource[] }> = {
    'url-path': () => ({ versioning: new URLPathVersioning(versions), routes: [include('/:version', plain)] }),
    namespace: () => ({ versioning: new NamespaceVersioning(versions), routes: [include('/v1', plain, { namespace: 'v1' }), include('/v2', plain, { namespace: 'v2' })] }),
    'query-parameter': () => ({ versioning: new QueryParameterVersioning(versions), routes: plain }),
    'accept-header': () => ({ versioning: new AcceptHeaderVersioning(versions), routes: plain }),
    'host-name': () => ({ versioning: new HostNameVersioning(versions), routes: plain }),
    none: () => ({ routes: plain }),
  };
  return createApp({ ...made[scheme](), origin: 'http://api.example.test:3000' });
}

describe('openapi: round trip over random route tables (property)', function () {
  this.timeout(120_000);

  it('every operation of every document reaches its route with its version', async () => {
    let reached = 0;
    let operations = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...SCHEMES), fc.array(routeSpec, { minLength: 1, maxLength: 6 }), async (scheme, specs) => {
        const app = appOf(scheme, controllerOf(specs));
        const server = request(app.callback());
        for (const version of scheme === 'none' ? [undefined] : ['v1', 'v2']) {
          const document = await documentOf(app, { version });
          for (const [path, item] of Object.entries(document.paths)) {
            for (const [method, operation] of Object.entries(item)) {
              operations++;
              const sent = requestFor(document, path, method, operation);
              const response = await server[method as 'get'](sent.target).set(sent.headers);
              const where = `${scheme} ${version} ${sent.method} ${sent.target} ${JSON.stringify(sent.headers)}`;
              expect(response.status, `${where}: ${response.text}`).to.equal(200);
              const name = String(operation['x-waymark-route']).replace(/^v\d:/, '');
              const expectedName = scheme === 'namespace' ? `${version}:${name}` : name;
              expect(response.body, where).to.deep.equal({ route: expectedName, version: version ?? null });
              reached++;
            }
          }
        }
      }),
      { numRuns: 30, seed: 14 },
    );
    // Documents are not empty by accident: most tables list operations, and all of them were reached.
    expect(operations).to.be.at.least(60);
    expect(reached).to.equal(operations);
  });
});
