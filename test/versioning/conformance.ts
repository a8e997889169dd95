import { expect } from 'chai';
import type { Context } from 'koa';
import request from 'supertest';
import { Controller, createApp, Ctx, Get, NotFound, type AppOptions, type RouteSource, type VersioningOptions, type VersioningScheme } from '../../src';

/** The controller every scheme is checked with: it reports the version and reverses a link. */
@Controller('/things')
export class Things {
  @Get('', 'things')
  list(@Ctx() ctx: Context) {
    return { version: ctx.version, link: ctx.reverse('thing', { id: 7 }), scheme: ctx.versioningScheme?.constructor.name ?? null };
  }

  @Get('/:id', 'thing')
  one() {}

  @Get('/:id/missing', 'missing')
  missing() {
    throw new NotFound('No such thing.');
  }
}

export interface SchemeCase {
  scheme: (options: VersioningOptions) => VersioningScheme;
  routes: RouteSource[];
  /** A request for `path` (default `/things`) carrying `version`, or none when `null`. */
  send: (agent: request.Agent, version: string | null, path?: string) => request.Test;
  status: number;
  message: string;
  vary: string[];
  /** What `ctx.reverse('thing', { id: 7 })` returns in a request for `version`. */
  link: (version: string) => string;
  /**
   * What a request without a version gets when the default is null and null is not allowed:
   * refused, or (namespace and host-name schemes, as in DRF) the default, unchecked.
   */
  missingVersion: 'refused' | 'default unchecked';
}

function agentFor(caseOf: SchemeCase, options: VersioningOptions | null, appOptions: Partial<AppOptions> = {}): request.Agent {
  const app = createApp({ routes: caseOf.routes, versioning: options === null ? undefined : caseOf.scheme(options), ...appOptions });
  return request.agent(app.callback()).host('api.test');
}

/**
 * One suite, every scheme, as the schemes share one contract (docs/reference/versioning.md): determine, reverse, invalid, allowed and default
 * versions. Where DRF's schemes differ (a missing version), the case says how, and the
 * suite asserts that behaviour instead of skipping.
 */
export function conformance(name: string, caseOf: SchemeCase): void {

  describe(`${name} (conformance)`, () => {
    it('determines an allowed version and sends its Vary', async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1', 'v2'] }), 'v2').expect(200);
      expect(res.body.version).to.equal('v2');
      expect(res.body.scheme).to.equal(name);
      for (const header of caseOf.vary) expect(res.headers.vary).to.contain(header);
      if (caseOf.vary.length === 0) expect(res.headers).to.not.have.property('vary');
    });

    it('uses the default version when the request has none', async () => {
      const res = await caseOf.send(agentFor(caseOf, { defaultVersion: 'v1', allowedVersions: ['v1', 'v2'] }), null).expect(200);
      expect(res.body.version).to.equal('v1');
    });

    it('always allows the default version, listed or not', async () => {
      const agent = agentFor(caseOf, { defaultVersion: 'v1', allowedVersions: ['v2'] });
      expect((await caseOf.send(agent, null).expect(200)).body.version).to.equal('v1');
      expect((await caseOf.send(agent, 'v1').expect(200)).body.version).to.equal('v1');
    });

    it('refuses a version outside allowedVersions with the scheme status, detail and Vary', async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1', 'v2'] }), 'v9');
      expect(res.status).to.equal(caseOf.status);
      expect(res.headers['content-type']).to.equal('application/problem+json');
      expect(res.body.detail).to.equal(caseOf.message);
      for (const header of [...caseOf.vary, 'Accept-Language']) expect(res.headers.vary).to.contain(header);
    });

    it(`a missing version with a null default that is not allowed: ${caseOf.missingVersion}`, async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1'] }), null);
      if (caseOf.missingVersion === 'refused') expect([res.status, res.body.detail]).to.deep.equal([caseOf.status, caseOf.message]);
      else expect([res.status, res.body.version]).to.deep.equal([200, null]);
    });

    it('accepts any version when allowedVersions is empty', async () => {
      expect((await caseOf.send(agentFor(caseOf, { allowedVersions: [] }), 'v9').expect(200)).body.version).to.equal('v9');
    });

    it('reverses links for the request version', async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1', 'v2'] }), 'v2').expect(200);
      expect(res.body.link).to.equal(caseOf.link('v2'));
    });

    it('translates the invalid-version detail from Accept-Language', async () => {
      const res = await caseOf.send(agentFor(caseOf, { allowedVersions: ['v1'] }), 'v9').set('Accept-Language', 'fr-CA, en;q=0.5');
      expect(res.status).to.equal(caseOf.status);
      expect(res.body.detail).to.match(/^Version non valide/);
      expect(res.headers.vary).to.contain('Accept-Language');
    });

    lifecycle(caseOf);

    it('leaves version and scheme null when versioning is off', async () => {
      const res = await caseOf.send(agentFor(caseOf, null), null).expect(200);
      expect(res.body).to.include({ version: null, scheme: null });
    });
  });
}

/** v1 is deprecated and has a sunset and a link; v2 is current (docs/lifecycle.md). */
const lifecycleOptions: VersioningOptions = {
  allowedVersions: ['v1', 'v2'],
  deprecated: { v1: { at: '2026-06-01T00:00:00Z', sunset: '2027-01-01T00:00:00Z', link: 'https://example.com/v1', retireAfterSunset: true } },
  reportVersions: true,
};
const sunset = Date.parse('2027-01-01T00:00:00Z');
const v1Headers = {
  deprecation: '@1780272000',
  sunset: 'Fri, 01 Jan 2027 00:00:00 GMT',
  link: '<https://example.com/v1>; rel="deprecation"; type="text/html", <https://example.com/v1>; rel="sunset"; type="text/html"',
  'api-supported-versions': 'v2',
  'api-deprecated-versions': 'v1',
};

function lifecycle(caseOf: SchemeCase): void {
  const before = { now: () => sunset - 1 };

  it('sends Deprecation, Sunset, Link and the version lists on a deprecated version', async () => {
    const res = await caseOf.send(agentFor(caseOf, lifecycleOptions, before), 'v1').expect(200);
    expect(res.body.version).to.equal('v1');
    expect(res.headers).to.include(v1Headers);
  });

  it('sends only the version lists on a current version', async () => {
    const res = await caseOf.send(agentFor(caseOf, lifecycleOptions, before), 'v2').expect(200);
    expect(res.headers).to.include({ 'api-supported-versions': 'v2', 'api-deprecated-versions': 'v1' });
    expect(res.headers).to.not.have.any.keys('deprecation', 'sunset', 'link');
  });

  it('sends them on an error of a deprecated version', async () => {
    const res = await caseOf.send(agentFor(caseOf, lifecycleOptions, before), 'v1', '/things/7/missing').expect(404);
    expect(res.body.detail).to.equal('No such thing.');
    expect(res.headers).to.include(v1Headers);
  });

  it('sends the version lists on a refused version', async () => {
    const res = await caseOf.send(agentFor(caseOf, lifecycleOptions, before), 'v9');
    expect(res.status).to.equal(caseOf.status);
    expect(res.headers).to.include({ 'api-supported-versions': 'v2', 'api-deprecated-versions': 'v1' });
    expect(res.headers).to.not.have.property('deprecation');
  });

  it('answers 410 Gone with the same headers once the sunset has passed', async () => {
    const res = await caseOf.send(agentFor(caseOf, lifecycleOptions, { now: () => sunset }), 'v1').set('Accept-Language', 'de');
    expect(res.status).to.equal(410);
    expect(res.headers).to.include(v1Headers);
    expect(res.headers['content-type']).to.equal('application/problem+json');
    expect(res.body.detail).to.equal('Diese API-Version wurde am Fri, 01 Jan 2027 00:00:00 GMT außer Betrieb genommen.');
    expect(res.headers.vary).to.contain('Accept-Language');
  });

  it('keeps serving a version past its sunset without retireAfterSunset', async () => {
    const options = { ...lifecycleOptions, deprecated: { v1: { at: '2026-06-01T00:00:00Z', sunset: '2027-01-01T00:00:00Z' } } };
    const res = await caseOf.send(agentFor(caseOf, options, { now: () => sunset + 1e12 }), 'v1').expect(200);
    expect(res.headers).to.include({ deprecation: '@1780272000', sunset: 'Fri, 01 Jan 2027 00:00:00 GMT' });
  });
}
